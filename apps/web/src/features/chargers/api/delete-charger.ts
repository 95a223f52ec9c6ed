import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ChargerRef } from '@plugboard/contract';
import { apiPost } from '../../../lib/api-client';
import { chargerDetailQueryKey } from './get-charger';
import { chargerListQueryKey } from './get-chargers';

export const deleteChargerPath = '/cms-system/system/charger/v2/delete';

/** Refused with 1506 while load management is active and with 1036 while the charger charges. */
export const deleteCharger = (body: Omit<ChargerRef, 'stationId'>): Promise<null> =>
  apiPost(deleteChargerPath, body);

export function useDeleteCharger() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteCharger,
    // Only the lists: the gone charger's detail would answer 1001 if it were fetched again under an open panel.
    onSuccess: async (_answer, { chargerId }) => {
      await queryClient.cancelQueries({ queryKey: chargerDetailQueryKey(chargerId) });
      return queryClient.invalidateQueries({ queryKey: chargerListQueryKey });
    },
  });
}
