import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Tariff } from '@plugboard/contract';
import { apiPost } from '../../../lib/api-client';

export const tariffPath = '/cms-system/system/tariff/v2/detail';

export const tariffQueryKey = ['tariff'] as const;

/** The selected site's tariff, or null before its first one is saved. */
export const getTariff = (): Promise<Tariff | null> => apiPost(tariffPath);

export const getTariffQueryOptions = (stationId: number) =>
  queryOptions({ queryKey: [...tariffQueryKey, stationId], queryFn: getTariff });

export function useTariff(stationId: number) {
  return useQuery(getTariffQueryOptions(stationId));
}
