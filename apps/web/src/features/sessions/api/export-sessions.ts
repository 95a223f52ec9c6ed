import { useRef, useState } from 'react';
import { sessionExportPath, type ExportFormat, type SessionExport } from '@plugboard/contract';
import { postForFile, saveBlob, type DownloadProgress } from '../../../lib/stream-download';
import { getStationId } from '../../../lib/storage';

export type ExportRequest = Omit<SessionExport, 'stationId'>;

/** The streamed export (not a JSON call): the file comes back as it is written, with X-Total-Count. */
export const exportSessions = (
  body: ExportRequest,
  options: { signal?: AbortSignal; onProgress?: (progress: DownloadProgress) => void },
) =>
  postForFile(
    sessionExportPath,
    { stationId: Number(getStationId()), ...body } satisfies SessionExport,
    options,
  );

export const fallbackFilename = (format: ExportFormat) => `sessions.${format}`;

export type ExportState =
  | { phase: 'idle' }
  | { phase: 'running'; progress: DownloadProgress | null }
  | { phase: 'done'; filename: string }
  | { phase: 'failed' };

/** Runs one export at a time, reports its progress, saves the file, and can be cancelled. */
export function useSessionExport() {
  const [state, setState] = useState<ExportState>({ phase: 'idle' });
  const controller = useRef<AbortController | null>(null);

  const start = async (body: ExportRequest) => {
    controller.current?.abort();
    const abort = new AbortController();
    controller.current = abort;
    setState({ phase: 'running', progress: null });
    try {
      const file = await exportSessions(body, {
        signal: abort.signal,
        onProgress: (progress) => {
          if (!abort.signal.aborted) setState({ phase: 'running', progress });
        },
      });
      if (abort.signal.aborted) return;
      const filename = file.filename ?? fallbackFilename(body.format);
      saveBlob(file.blob, filename);
      setState({ phase: 'done', filename });
    } catch {
      // A cancel is no failure; a refusal was already shown by the api-client's rules.
      if (!abort.signal.aborted) setState({ phase: 'failed' });
    } finally {
      if (controller.current === abort) controller.current = null;
    }
  };

  const cancel = () => {
    controller.current?.abort();
    controller.current = null;
    setState({ phase: 'idle' });
  };

  return { state, start, cancel, reset: () => setState({ phase: 'idle' }) };
}
