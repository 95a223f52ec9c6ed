import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SigningHistory } from '@plugboard/contract';
import { apiPost } from '../../../lib/api-client';
import { certificatesQueryKey } from './get-installed-certificates';

export const signingsPath = '/cms-system/system/certificate/v2/signings';

export const getSignings = (chargerId: number): Promise<SigningHistory> =>
  apiPost(signingsPath, { chargerId, limit: 20 });

export const getSigningsQueryOptions = (chargerId: number) =>
  queryOptions({
    queryKey: [...certificatesQueryKey, 'signings', chargerId] as const,
    queryFn: () => getSignings(chargerId),
  });

/** The charger's certificate signing history, newest first. */
export function useSignings(chargerId: number) {
  return useQuery(getSigningsQueryOptions(chargerId));
}
