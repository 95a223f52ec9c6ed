import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SessionRef } from '@plugboard/contract';
import { apiPost } from '../../../lib/api-client';
import { sessionDetailQueryKey } from './get-session';
import { sessionListQueryKey } from './get-sessions';

export const deleteSessionPath = '/cms-system/system/session/v2/delete';

/** Irreversible: the session and its meter values go. An ongoing session is refused (1036). */
export const deleteSession = (body: Omit<SessionRef, 'stationId'>): Promise<null> =>
  apiPost(deleteSessionPath, body);

export function useDeleteSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteSession,
    // The gone session's detail is not fetched again (it would answer an error); the screen showing it drops it
    // from the cache once it has left (removing it while shown would fetch it at once).
    onSuccess: async (_answer, { orderNo }) => {
      await queryClient.cancelQueries({ queryKey: sessionDetailQueryKey(orderNo) });
      return queryClient.invalidateQueries({ queryKey: sessionListQueryKey });
    },
  });
}
