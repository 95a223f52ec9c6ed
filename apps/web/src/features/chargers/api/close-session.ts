import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChargerSession, ChargerSessionClose } from '@plugboard/contract';
import { apiPost } from '../../../lib/api-client';
import { chargersQueryKey } from './get-chargers';

export const closeSessionPath = '/cms-system/system/charger/v2/session/close';

/** Closes a session stuck on an offline charger, at its last meter reading, with the operator's reason. */
export const closeSession = (body: Omit<ChargerSessionClose, 'stationId'>): Promise<ChargerSession> =>
  apiPost(closeSessionPath, body);

export function useCloseSession() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: closeSession,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chargersQueryKey }),
  });
}
