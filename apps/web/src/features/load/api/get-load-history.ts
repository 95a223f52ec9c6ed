import { queryOptions, useQuery } from '@tanstack/react-query';
import type { LoadHistory } from '@plugboard/contract';
import { apiPost } from '../../../lib/api-client';
import { loadQueryKey } from './get-load';

export const loadHistoryPath = '/cms-system/system/load/v2/history';

export const getLoadHistory = (): Promise<LoadHistory> => apiPost(loadHistoryPath, {});

export const getLoadHistoryQueryOptions = () =>
  queryOptions({ queryKey: [...loadQueryKey, 'history'], queryFn: getLoadHistory, refetchInterval: 60_000 });

export function useLoadHistory() {
  return useQuery(getLoadHistoryQueryOptions());
}
