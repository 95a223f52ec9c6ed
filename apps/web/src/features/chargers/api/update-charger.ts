import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Charger, ChargerUpdate } from '@plugboard/contract';
import { apiPost } from '../../../lib/api-client';
import { chargersQueryKey } from './get-chargers';

export const updateChargerPath = '/cms-system/system/charger/v2/update';

/** Changes the alias (and descriptive fields); 1042 when another charger of the site has the alias. */
export const updateCharger = (body: Omit<ChargerUpdate, 'stationId'>): Promise<Charger> =>
  apiPost(updateChargerPath, body);

export function useUpdateCharger() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCharger,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chargersQueryKey }),
  });
}
