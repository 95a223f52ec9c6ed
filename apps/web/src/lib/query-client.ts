import { QueryClient } from '@tanstack/react-query';
import { ApiError, networkFailure } from './api-client';
import { onSessionStart } from './session';

// A read is retried once, but only when no answer came back: a server that answered with a code meant it, and the
// user already saw its message.
function retryRead(failureCount: number, error: unknown): boolean {
  if (failureCount >= 1) return false;
  return !(error instanceof ApiError) || error.code === networkFailure;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: retryRead, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();

// Whatever an earlier (expired) session left in the cache belongs to someone else, maybe.
onSessionStart(() => queryClient.clear());
