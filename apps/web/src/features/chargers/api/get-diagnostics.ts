import { queryOptions, useQuery } from '@tanstack/react-query';
import type { DiagnosticsList } from '@plugboard/contract';
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
    refetchInterval: (query) => (query.state.data?.status === 'Uploading' ? 2_000 : false),
  });

export function useDiagnostics(chargerId: number) {
  return useQuery(getDiagnosticsQueryOptions(chargerId));
}
