import { lazy, type ComponentType, type ReactNode } from 'react';
import { RouteErrorBoundary } from '../components/ui/route-error-boundary';
import { withChunkTimeout } from '../lib/chunk-load';
import type { RouteHandle } from './app-routes';

export type LazyRoute = { element: ReactNode; handle: RouteHandle };

/**
 * A route whose component is a separate chunk, fetched with the 120 s time-out as soon as the router matches the
 * route (or when it first renders). A chunk that fails or times out makes the screen throw, which the route's own
 * error boundary turns into the "app was updated" screen, with the shell still around it.
 */
export function lazyRoute<M>(load: () => Promise<M>, pick: (module: M) => ComponentType): LazyRoute {
  let loading: Promise<{ default: ComponentType }> | undefined;
  const preload = () => (loading ??= withChunkTimeout(load).then((module) => ({ default: pick(module) })));
  const Screen = lazy(preload);
  return {
    element: (
      <RouteErrorBoundary>
        <Screen />
      </RouteErrorBoundary>
    ),
    handle: { preload },
  };
}
