import { ApiError, buildHeaders, handleFailure, networkFailure } from './api-client';

// Downloads a file a console call answers (an export), signed like every call, without holding it in the JS heap:
// the body is read as a stream and folded into a Blob every few megabytes, so the data lives in the browser's blob
// storage (which spills to disk) and a million rows cost the page no more memory than a thousand.

export type DownloadProgress = {
  bytes: number;
  /** Line breaks seen so far: the rows of a CSV, header included. */
  lines: number;
  /** X-Total-Count: the rows the server announced, or null. */
  totalRows: number | null;
  /** Content-Length, or null when the server streams without one. */
  totalBytes: number | null;
};

export type DownloadedFile = { blob: Blob; filename: string | null };

export type PostForFileOptions = {
  signal?: AbortSignal;
  onProgress?: (progress: DownloadProgress) => void;
  /** Bytes gathered before they are folded into the Blob. */
  batchBytes?: number;
};

const newline = 10;

function countNewlines(chunk: Uint8Array): number {
  let count = 0;
  for (let i = chunk.indexOf(newline); i !== -1; i = chunk.indexOf(newline, i + 1)) count++;
  return count;
}

const headerNumber = (response: Response, name: string): number | null => {
  const value = response.headers.get(name);
  const parsed = value === null || value.trim() === '' ? NaN : Number(value);
  return Number.isFinite(parsed) && parsed >= 0 ? parsed : null;
};

/** The file name of a Content-Disposition header: RFC 5987 `filename*` first, then the plain `filename`. */
export function filenameFromDisposition(header: string | null): string | null {
  if (!header) return null;
  const extended = /filename\*\s*=\s*[^']*'[^']*'([^;]+)/i.exec(header);
  if (extended?.[1]) {
    try {
      return decodeURIComponent(extended[1].trim());
    } catch {
      // fall through to the plain name
    }
  }
  const plain = /filename\s*=\s*("((?:[^"\\]|\\.)*)"|[^;]+)/i.exec(header);
  if (!plain) return null;
  return (plain[2] ?? plain[1] ?? '').replace(/\\(.)/g, '$1').trim() || null;
}

/** A failed export answers the usual JSON envelope (or an HTTP error): shown as any other call's failure. */
async function failFrom(response: Response): Promise<never> {
  let code: number = response.ok ? networkFailure : response.status;
  let msg = '';
  try {
    const body = (await response.json()) as { status?: unknown; msg?: unknown };
    if (typeof body.status === 'number') code = body.status;
    if (typeof body.msg === 'string') msg = body.msg;
  } catch {
    // not JSON: the HTTP status (or a network failure) is all there is
  }
  handleFailure(code, msg);
  throw new ApiError(code, msg);
}

/**
 * POSTs `body` to `path` and resolves with the answered file. An abort through `signal` rejects with the
 * AbortError (no message shown); a refusal shows its message as apiPost would and rejects with an ApiError.
 */
export async function postForFile(
  path: string,
  body: Record<string, unknown>,
  { signal, onProgress, batchBytes = 4 * 1024 * 1024 }: PostForFileOptions = {},
): Promise<DownloadedFile> {
  let response: Response;
  try {
    response = await fetch(path, {
      method: 'POST',
      headers: buildHeaders(path),
      body: JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    handleFailure(networkFailure, '');
    throw new ApiError(networkFailure, error instanceof Error ? error.message : '');
  }
  const type = response.headers.get('content-type') ?? '';
  if (!response.ok || type.includes('application/json') || !response.body) return failFrom(response);

  const progress: DownloadProgress = {
    bytes: 0,
    lines: 0,
    totalRows: headerNumber(response, 'x-total-count'),
    totalBytes: headerNumber(response, 'content-length'),
  };
  onProgress?.({ ...progress });
  let blob = new Blob([], { type });
  let batch: Uint8Array<ArrayBuffer>[] = [];
  let batched = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    batch.push(value);
    batched += value.byteLength;
    progress.bytes += value.byteLength;
    progress.lines += countNewlines(value);
    if (batched >= batchBytes) {
      blob = new Blob([blob, ...batch], { type });
      batch = [];
      batched = 0;
    }
    onProgress?.({ ...progress });
  }
  blob = new Blob([blob, ...batch], { type });
  return { blob, filename: filenameFromDisposition(response.headers.get('content-disposition')) };
}

/** Hands a Blob to the browser as a download named `filename`. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked later, not at once: some browsers start reading the URL only after the click handler returns.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
