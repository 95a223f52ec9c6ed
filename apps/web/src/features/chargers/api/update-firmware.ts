import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChargerRef, FirmwareUpdateResult } from '@plugboard/contract';
import { apiPost } from '../../../lib/api-client';
import { chargersQueryKey } from './get-chargers';

export const updateFirmwarePath = '/cms-system/system/charger/v2/firmware/update';

/** Tells the charger to install the newest known firmware; the progress arrives live as firmwareStatus. */
export const updateFirmware = (body: Omit<ChargerRef, 'stationId'>): Promise<FirmwareUpdateResult> =>
  apiPost(updateFirmwarePath, body);

export function useUpdateFirmware() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateFirmware,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chargersQueryKey }),
  });
}
