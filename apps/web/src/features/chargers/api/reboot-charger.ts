import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CallBody } from '@plugboard/contract';
import { apiPost } from '../../../lib/api-client';
import { chargersQueryKey } from './get-chargers';

export const rebootChargerPath = '/cms-system/system/charger/v2/reboot';

/** A soft Reset unless told otherwise; refused with 1036 while the charger charges. */
export const rebootCharger = (body: Omit<CallBody<typeof rebootChargerPath>, 'stationId'>): Promise<null> =>
  apiPost(rebootChargerPath, body);

export function useRebootCharger() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rebootCharger,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chargersQueryKey }),
  });
}
