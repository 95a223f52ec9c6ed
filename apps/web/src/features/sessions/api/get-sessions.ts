import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SessionList } from '@plugboard/contract';
import { apiPost } from '../../../lib/api-client';
import { filterBody, type SessionListParams } from '../lib/list-params';
import { isRangeValid } from '../lib/range';

export const sessionsPath = '/cms-system/system/session/v2/list';

/** Every sessions query starts with this key: one invalidation refreshes lists and details. */
export const sessionsQueryKey = ['sessions'] as const;
export const sessionListQueryKey = [...sessionsQueryKey, 'list'] as const;

export const getSessions = (params: SessionListParams): Promise<SessionList> =>
  apiPost(sessionsPath, {
    ...filterBody(params),
    pageNum: params.pageNum,
    pageSize: params.pageSize,
  });

export const getSessionsQueryOptions = (params: SessionListParams) =>
  queryOptions({
    queryKey: [...sessionListQueryKey, params],
    queryFn: () => getSessions(params),
    // Paging, sorting and filtering keep the previous rows on screen until the next page arrives.
    placeholderData: keepPreviousData,
    // A range whose end comes before its start never leaves the browser (spec section 5).
    enabled: isRangeValid(params.from, params.to),
    // Ongoing sessions grow: their energy and estimated cost follow every 15 s while one is on screen.
    refetchInterval: (query) => (query.state.data?.list.some((s) => s.status === 'ongoing') ? 15_000 : false),
  });

export function useSessions(params: SessionListParams) {
  return useQuery(getSessionsQueryOptions(params));
}
