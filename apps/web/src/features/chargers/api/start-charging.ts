import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallBody, ChargerSession } from '@plugboard/contract';
import { apiPost } from '../../../lib/api-client';
import { chargersQueryKey } from './get-chargers';

export const startChargingPath = '/cms-system/system/charger/v2/start';

/** Answers the session once the charger started it (RemoteStartTransaction, then StartTransaction). */
export const startCharging = (
  body: Omit<CallBody<typeof startChargingPath>, 'stationId'>,
): Promise<ChargerSession> => apiPost(startChargingPath, body);

export function useStartCharging() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startCharging,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chargersQueryKey }),
  });
}
