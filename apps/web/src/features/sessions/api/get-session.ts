import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SessionDetail } from '@plugboard/contract';
import { apiPost } from '../../../lib/api-client';
import { sessionsQueryKey } from './get-sessions';

export const sessionPath = '/cms-system/system/session/v2/detail';

export const sessionDetailQueryKey = (orderNo: number) => [...sessionsQueryKey, 'detail', orderNo] as const;

export const getSession = (orderNo: number): Promise<SessionDetail> => apiPost(sessionPath, { orderNo });

export const getSessionQueryOptions = (orderNo: number) =>
  queryOptions({
    queryKey: sessionDetailQueryKey(orderNo),
    queryFn: () => getSession(orderNo),
    // While the car charges, the readings, chart and estimate follow every 10 s.
    refetchInterval: (query) => (query.state.data?.status === 'ongoing' ? 10_000 : false),
  });

export function useSession(orderNo: number) {
  return useQuery(getSessionQueryOptions(orderNo));
}
