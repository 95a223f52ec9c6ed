import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import { RouteErrorBoundary } from '../components/ui/route-error-boundary';
import { withChunkTimeout } from '../lib/chunk-load';

// A route whose `lazy` rejects keeps its `lazy` and React Router then renders nothing below the root (7.x). So a failed
// chunk resolves to a component that throws, which the route's own error boundary turns into the "app was updated"
// screen, with the shell still around it.
function failedChunk(error: unknown): ComponentType {
  return function FailedChunk(): never {
    throw error;
  };
}

/** A route whose component is a separate chunk, fetched on first visit with the 120 s time-out. */
export function lazyRoute<M>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType,
): Pick<RouteObject, 'lazy' | 'ErrorBoundary'> {
  return {
    lazy: async () => {
      try {
        return { Component: pick(await withChunkTimeout(load)) };
      } catch (error) {
        return { Component: failedChunk(error) };
      }
    },
    ErrorBoundary: RouteErrorBoundary,
  };
}
