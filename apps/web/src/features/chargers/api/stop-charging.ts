import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChargerSession, ChargerStop } from '@plugboard/contract';
import { apiPost } from '../../../lib/api-client';
import { chargersQueryKey } from './get-chargers';

export const stopChargingPath = '/cms-system/system/charger/v2/stop';

/** Answers the completed session once the charger stopped it. */
export const stopCharging = (body: Omit<ChargerStop, 'stationId'>): Promise<ChargerSession> =>
  apiPost(stopChargingPath, body);

export function useStopCharging() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: stopCharging,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chargersQueryKey }),
  });
}
