import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { OcppLogPage } from '@plugboard/contract';
import { apiPost } from '../../../lib/api-client';

export const ocppMessagesPath = '/cms-system/system/ocpp-log/v2/messages';

export type OcppLogFilter = { action: string; from: string | undefined; to: string | undefined };

export const ocppLogQueryKey = ['ocpp-log'] as const;

const pageSize = 50;

export const getOcppMessages = (
  chargerId: number,
  filter: OcppLogFilter,
  beforeId: number | undefined,
): Promise<OcppLogPage> =>
  apiPost(ocppMessagesPath, {
    chargerId,
    limit: pageSize,
    ...(filter.action.trim() && { action: filter.action.trim() }),
    ...(filter.from && { from: filter.from }),
    ...(filter.to && { to: filter.to }),
    ...(beforeId !== undefined && { beforeId }),
  });

export const getOcppMessagesQueryOptions = (chargerId: number, filter: OcppLogFilter) =>
  infiniteQueryOptions({
    queryKey: [...ocppLogQueryKey, 'messages', chargerId, filter] as const,
    queryFn: ({ pageParam }) => getOcppMessages(chargerId, filter, pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.nextBeforeId ?? undefined,
  });

/** A charger's OCPP messages, newest first, a page at a time ("load older"). */
export function useOcppMessages(chargerId: number, filter: OcppLogFilter) {
  return useInfiniteQuery(getOcppMessagesQueryOptions(chargerId, filter));
}
