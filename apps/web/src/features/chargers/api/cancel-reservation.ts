import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReservationCancelResult, ReservationRef } from '@plugboard/contract';
import { apiPost } from '../../../lib/api-client';
import { chargersQueryKey } from './get-chargers';

export const cancelReservationPath = '/cms-system/system/reservation/v2/cancel';

/** CancelReservation: the charger's answer; the reservation ends either way. */
export const cancelReservation = (
  body: Omit<ReservationRef, 'stationId'>,
): Promise<ReservationCancelResult> => apiPost(cancelReservationPath, body);

export function useCancelReservation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelReservation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chargersQueryKey }),
  });
}
