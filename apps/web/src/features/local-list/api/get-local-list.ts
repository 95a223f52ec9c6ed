import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LocalList } from '@plugboard/contract';
import { apiPost } from '../../../lib/api-client';

export const localListPath = '/cms-system/system/local-list/v2/detail';

export const localListQueryKey = ['local-list'] as const;

/** The site's switch and where each charger's copy of its cards stands. */
export const getLocalList = (): Promise<LocalList> => apiPost(localListPath);

export const getLocalListQueryOptions = () =>
  queryOptions({
    queryKey: localListQueryKey,
    queryFn: getLocalList,
    // Chargers take their copy a moment after a change: followed while the list is on.
    refetchInterval: (query) => (query.state.data?.enabled ? 5_000 : false),
  });

export function useLocalList() {
  return useQuery(getLocalListQueryOptions());
}
