import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChargerRef, PinResetResult } from '@plugboard/contract';
import { apiPost } from '../../../lib/api-client';
import { chargersQueryKey } from './get-chargers';

export const resetPinPath = '/cms-system/system/charger/v2/pin/reset';

/** The new PIN is answered once and never again: the caller must show it now. */
export const resetPin = (body: Omit<ChargerRef, 'stationId'>): Promise<PinResetResult> =>
  apiPost(resetPinPath, body);

export function useResetPin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetPin,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chargersQueryKey }),
  });
}
