import { queryOptions, useQuery } from '@tanstack/react-query';
import type { OverviewNow } from '@plugboard/contract';
import { apiPost } from '../../../lib/api-client';

export const overviewNowPath = '/cms-system/system/overview/now';

/** Every overview query starts with this key: the live socket refreshes them by it. */
export const overviewQueryKey = ['overview'] as const;
export const overviewNowQueryKey = [...overviewQueryKey, 'now'] as const;

export const getOverviewNow = (): Promise<OverviewNow> => apiPost(overviewNowPath, {});

export const getOverviewNowQueryOptions = () =>
  queryOptions({ queryKey: overviewNowQueryKey, queryFn: getOverviewNow });

export function useOverviewNow() {
  return useQuery(getOverviewNowQueryOptions());
}
