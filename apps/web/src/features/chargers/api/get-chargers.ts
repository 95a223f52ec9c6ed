import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ChargerList } from '@plugboard/contract';
import { apiPost } from '../../../lib/api-client';
import type { ChargerListParams } from '../lib/list-params';

export const chargersPath = '/cms-system/system/charger/v2/list';

/** Every chargers query starts with this key: one invalidation refreshes lists and details. */
export const chargersQueryKey = ['chargers'] as const;
export const chargerListQueryKey = [...chargersQueryKey, 'list'] as const;

export const getChargers = ({
  keyword,
  status,
  pageNum,
  pageSize,
}: ChargerListParams): Promise<ChargerList> =>
  apiPost(chargersPath, {
    keyword: keyword.trim() || undefined,
    status: status || undefined,
    pageNum,
    pageSize,
  });

export const getChargersQueryOptions = (params: ChargerListParams) => {
  const normalized = { ...params, keyword: params.keyword.trim() };
  return queryOptions({
    queryKey: [...chargerListQueryKey, normalized],
    queryFn: () => getChargers(normalized),
    // Searching or paging keeps the previous rows on screen until the next page arrives.
    placeholderData: keepPreviousData,
  });
};

export function useChargers(params: ChargerListParams) {
  return useQuery(getChargersQueryOptions(params));
}
