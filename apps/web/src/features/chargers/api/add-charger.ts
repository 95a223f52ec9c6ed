import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Charger, ChargerAdd } from '@plugboard/contract';
import { apiPost } from '../../../lib/api-client';
import { chargersQueryKey } from './get-chargers';

export const addChargerPath = '/cms-system/system/charger/v2/add';

/** Refused with 1506 while the site's load management is active (checked before, see load-management.ts). */
export const addCharger = (body: Omit<ChargerAdd, 'stationId'>): Promise<Charger> =>
  apiPost(addChargerPath, body);

export function useAddCharger() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addCharger,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chargersQueryKey }),
  });
}
