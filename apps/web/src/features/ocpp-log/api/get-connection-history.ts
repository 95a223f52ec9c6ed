import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { ConnectionHistory } from '@plugboard/contract';
import { apiPost } from '../../../lib/api-client';
import { ocppLogQueryKey } from './get-ocpp-messages';

export const connectionHistoryPath = '/cms-system/system/ocpp-log/v2/connections';

export const getConnectionHistory = (
  chargerId: number,
  beforeId: number | undefined,
): Promise<ConnectionHistory> =>
  apiPost(connectionHistoryPath, { chargerId, limit: 50, ...(beforeId !== undefined && { beforeId }) });

export const getConnectionHistoryQueryOptions = (chargerId: number) =>
  infiniteQueryOptions({
    queryKey: [...ocppLogQueryKey, 'connections', chargerId] as const,
    queryFn: ({ pageParam }) => getConnectionHistory(chargerId, pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.nextBeforeId ?? undefined,
  });

/** A charger's connects, disconnects and refused handshakes, newest first. */
export function useConnectionHistory(chargerId: number) {
  return useInfiniteQuery(getConnectionHistoryQueryOptions(chargerId));
}
