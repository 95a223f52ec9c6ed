import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChargerFirmwareUpdate, FirmwareUpdateResult } from '@plugboard/contract';
import { apiPost } from '../../../lib/api-client';
import { chargersQueryKey } from './get-chargers';

export const updateFirmwarePath = '/cms-system/system/charger/v2/firmware/update';

/** Tells the charger to install the confirmed firmware version; the progress arrives live as firmwareStatus. */
export const updateFirmware = (
  body: Omit<ChargerFirmwareUpdate, 'stationId'>,
): Promise<FirmwareUpdateResult> => apiPost(updateFirmwarePath, body);

export function useUpdateFirmware() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateFirmware,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chargersQueryKey }),
  });
}
