import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import type { SecurityEventPage } from '@plugboard/contract';
import { apiPost } from '../../../lib/api-client';
import { ocppLogQueryKey } from './get-ocpp-messages';

export const securityEventsPath = '/cms-system/system/ocpp-log/v2/security-events';

export const getSecurityEvents = (
  chargerId: number,
  beforeId: number | undefined,
): Promise<SecurityEventPage> =>
  apiPost(securityEventsPath, { chargerId, limit: 50, ...(beforeId !== undefined && { beforeId }) });

export const getSecurityEventsQueryOptions = (chargerId: number) =>
  infiniteQueryOptions({
    queryKey: [...ocppLogQueryKey, 'security', chargerId] as const,
    queryFn: ({ pageParam }) => getSecurityEvents(chargerId, pageParam),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => last.nextBeforeId ?? undefined,
  });

/** A charger's SecurityEventNotifications, newest first. */
export function useSecurityEvents(chargerId: number) {
  return useInfiniteQuery(getSecurityEventsQueryOptions(chargerId));
}
