import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Diagnostics, DiagnosticsList } from '@plugboard/contract';
import { apiPost } from '../../../lib/api-client';
import { chargersQueryKey } from './get-chargers';

export const diagnosticsListPath = '/cms-system/system/diagnostics/v2/list';

export const diagnosticsQueryKey = (chargerId: number) =>
  [...chargersQueryKey, 'diagnostics', chargerId] as const;

/** The charger's diagnostics requests and files, and its upload status. */
export const getDiagnostics = (chargerId: number): Promise<DiagnosticsList> =>
  apiPost(diagnosticsListPath, { chargerId });

export const getDiagnosticsQueryOptions = (chargerId: number) =>
  queryOptions({
    queryKey: diagnosticsQueryKey(chargerId),
    queryFn: () => getDiagnostics(chargerId),
    // Followed while an upload is under way.
    refetchInterval: (query) => (uploadUnderWay(query.state.data) ? 2_000 : false),
  });

export function useDiagnostics(chargerId: number) {
  return useQuery(getDiagnosticsQueryOptions(chargerId));
}

/** A GetLog the charger accepted whose upload has not ended (within its URL's hour), or a GetDiagnostics uploading. */
export function uploadUnderWay(data: DiagnosticsList | undefined, now = Date.now()): boolean {
  if (!data) return false;
  const waiting = (d: Diagnostics) =>
    d.kind !== 'Diagnostics' &&
    d.answer !== 'Rejected' &&
    (d.logStatus === null || d.logStatus === 'Uploading') &&
    Date.parse(d.expiresAt) > now;
  return data.status === 'Uploading' || data.list.some(waiting);
}
