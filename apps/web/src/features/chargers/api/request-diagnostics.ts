import { useMutation, useQueryClient } from '@tanstack/react-query';
import { diagnosticsFilePath, type Diagnostics, type DiagnosticsAsk } from '@plugboard/contract';
import { apiPost } from '../../../lib/api-client';
import { getStationId } from '../../../lib/storage';
import { postForFile, saveBlob } from '../../../lib/stream-download';
import { chargersQueryKey } from './get-chargers';

export const requestDiagnosticsPath = '/cms-system/system/diagnostics/v2/request';

/**
 * GetDiagnostics or GetLog (a kind and an optional time window): answers the file name the charger will upload to
 * the server (null: it has none) and, for GetLog, its answer (Accepted, Rejected, AcceptedCanceled).
 */
export const requestDiagnostics = (body: Omit<DiagnosticsAsk, 'stationId'>): Promise<Diagnostics> =>
  apiPost(requestDiagnosticsPath, body);

export function useRequestDiagnostics() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestDiagnostics,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: chargersQueryKey }),
  });
}

/** Downloads an uploaded diagnostics file and saves it under the charger's name for it. */
export async function downloadDiagnostics(file: Pick<Diagnostics, 'id' | 'fileName'>) {
  const downloaded = await postForFile(diagnosticsFilePath, {
    stationId: Number(getStationId()),
    id: file.id,
  });
  saveBlob(downloaded.blob, downloaded.filename ?? file.fileName ?? `diagnostics-${file.id}`);
}
