import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReservationAdd, ReservationResult } from '@plugboard/contract';
import { apiPost } from '../../../lib/api-client';
import { chargersQueryKey } from './get-chargers';

export const reserveConnectorPath = '/cms-system/system/reservation/v2/add';

/** ReserveNow: the charger's answer (Accepted, Faulted, Occupied, Rejected, Unavailable) and the reservation. */
export const reserveConnector = (body: Omit<ReservationAdd, 'stationId'>): Promise<ReservationResult> =>
  apiPost(reserveConnectorPath, body);

export function useReserveConnector() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reserveConnector,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chargersQueryKey }),
  });
}
