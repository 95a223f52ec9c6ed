import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Charger } from '@plugboard/contract';
import { apiPost } from '../../../lib/api-client';
import { chargersQueryKey } from './get-chargers';

export const chargerPath = '/cms-system/system/charger/v2/detail';

export const chargerDetailQueryKey = (chargerId: number) =>
  [...chargersQueryKey, 'detail', chargerId] as const;

export const getCharger = (chargerId: number): Promise<Charger> => apiPost(chargerPath, { chargerId });

export const getChargerQueryOptions = (chargerId: number) =>
  queryOptions({ queryKey: chargerDetailQueryKey(chargerId), queryFn: () => getCharger(chargerId) });

export type UseChargerOptions = { enabled?: boolean; placeholder?: Charger };

/** One charger; the list's row stands in while the detail loads, so the panel opens at once. */
export function useCharger(chargerId: number, { enabled = true, placeholder }: UseChargerOptions = {}) {
  return useQuery({ ...getChargerQueryOptions(chargerId), enabled, placeholderData: placeholder });
}
