import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChargerReboot } from '@plugboard/contract';
import { apiPost } from '../../../lib/api-client';
import { chargersQueryKey } from './get-chargers';

export const rebootChargerPath = '/cms-system/system/charger/v2/reboot';

/** A soft Reset unless told otherwise; refused with 1036 while the charger charges. */
export const rebootCharger = (
  body: Omit<ChargerReboot, 'stationId' | 'type'> & Partial<Pick<ChargerReboot, 'type'>>,
): Promise<null> => apiPost<null>(rebootChargerPath, body);

export function useRebootCharger() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rebootCharger,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chargersQueryKey }),
  });
}
