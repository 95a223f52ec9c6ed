import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LoadDetail } from '@plugboard/contract';
import { apiPost } from '../../../lib/api-client';

export const loadDetailPath = '/cms-system/system/load/v2/detail';

/** Every query of the feature starts with this key; each change invalidates it whole. */
export const loadQueryKey = ['load'] as const;
export const loadDetailQueryKey = [...loadQueryKey, 'detail'] as const;
/** The allocation follows the chargers within a second or two: the screen asks again this often. */
export const loadRefreshMs = 1500;

export const getLoad = (): Promise<LoadDetail> => apiPost(loadDetailPath, {});

export const getLoadQueryOptions = () =>
  queryOptions({ queryKey: loadDetailQueryKey, queryFn: getLoad, refetchInterval: loadRefreshMs });

export function useLoad() {
  return useQuery(getLoadQueryOptions());
}
