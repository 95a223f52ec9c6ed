import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { SessionList } from '@plugboard/contract';
import { apiPost } from '../../../lib/api-client';
import { useSiteTimeZone } from '../../../lib/site-time-zone';
import { filterBody, type SessionListParams } from '../lib/list-params';
import { isRangeValid } from '../lib/range';

export const sessionsPath = '/cms-system/system/session/v2/list';

/** Every sessions query starts with this key: one invalidation refreshes lists and details. */
export const sessionsQueryKey = ['sessions'] as const;
export const sessionListQueryKey = [...sessionsQueryKey, 'list'] as const;

/** The range is read in the site's zone (`timeZone`), as the export and the report mails read it. */
export const getSessions = (params: SessionListParams, timeZone?: string): Promise<SessionList> =>
  apiPost(sessionsPath, {
    ...filterBody(params, timeZone),
    pageNum: params.pageNum,
    pageSize: params.pageSize,
  });

export const getSessionsQueryOptions = (params: SessionListParams, timeZone?: string, zoneSettled = true) =>
  queryOptions({
    queryKey: [...sessionListQueryKey, params, timeZone],
    queryFn: () => getSessions(params, timeZone),
    // Paging, sorting and filtering keep the previous rows on screen until the next page arrives.
    placeholderData: keepPreviousData,
    // A range whose end comes before its start never leaves the browser (spec section 5).
    // Nor one read before the site's zone is known.
    enabled: zoneSettled && isRangeValid(params.from, params.to),
    // Ongoing sessions grow: their energy and estimated cost follow every 15 s while one is on screen.
    refetchInterval: (query) => (query.state.data?.list.some((s) => s.status === 'ongoing') ? 15_000 : false),
  });

export function useSessions(params: SessionListParams) {
  const { timeZone, settled } = useSiteTimeZone();
  return useQuery(getSessionsQueryOptions(params, timeZone, settled));
}
