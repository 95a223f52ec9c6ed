import { describe, expect, it, vi } from 'vitest';
import { getCurrentNotification } from './notify';
import { setToken } from './storage';
import { filenameFromDisposition, postForFile, type DownloadProgress } from './stream-download';

const encoder = new TextEncoder();

/** A response whose body arrives in the given chunks, one read at a time. */
function streamed(chunks: string[], headers: Record<string, string>) {
  let index = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      const chunk = chunks[index++];
      if (chunk === undefined) controller.close();
      else controller.enqueue(encoder.encode(chunk));
    },
  });
  return new Response(body, { status: 200, headers });
}

describe('streamed file download', () => {
  it('gathers the body in a Blob, reports rows and bytes as they come, and names the file', async () => {
    setToken('session-token');
    const chunks = ['id,cost\r\n1,3.08\r\n', '2,1.', '50\r\n3,0.00\r\n'];
    const fetchMock = vi.fn(() =>
      Promise.resolve(
        streamed(chunks, {
          'content-type': 'text/csv; charset=utf-8',
          'x-total-count': '3',
          'content-disposition': 'attachment; filename="sessions-2025.csv"',
        }),
      ),
    );
    vi.stubGlobal('fetch', fetchMock);
    const seen: DownloadProgress[] = [];
    // A batch of 8 bytes: the Blob is rebuilt along the way, not only at the end.
    const file = await postForFile(
      '/export',
      { stationId: 7 },
      { onProgress: (p) => seen.push(p), batchBytes: 8 },
    );

    expect(await file.blob.text()).toBe(chunks.join(''));
    expect(file.blob.type).toBe('text/csv; charset=utf-8');
    expect(file.filename).toBe('sessions-2025.csv');
    expect(seen.map((p) => p.lines)).toEqual([0, 2, 2, 4]);
    expect(seen.at(-1)).toEqual({ bytes: chunks.join('').length, lines: 4, totalRows: 3, totalBytes: null });
    const [, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect((init.headers as Record<string, string>)['x-token']).toBe('session-token');
    expect(init.body).toBe('{"stationId":7}');
  });

  it('shows a refusal like any call and rejects', async () => {
    vi.stubGlobal('fetch', () =>
      Promise.resolve(
        new Response(
          JSON.stringify({ status: 4129, msg: 'The start time must not be later than the end time' }),
          {
            headers: { 'content-type': 'application/json' },
          },
        ),
      ),
    );
    await expect(postForFile('/export', {})).rejects.toMatchObject({ code: 4129 });
    expect(getCurrentNotification()?.severity).toBe('warning');
  });

  it('stops reading when aborted', async () => {
    const abort = new AbortController();
    vi.stubGlobal('fetch', (_path: string, init: RequestInit) => {
      init.signal?.throwIfAborted();
      return Promise.resolve(streamed(['a\n'], { 'content-type': 'text/csv' }));
    });
    abort.abort();
    await expect(postForFile('/export', {}, { signal: abort.signal })).rejects.toMatchObject({
      name: 'AbortError',
    });
  });

  it('reads the file name of Content-Disposition, the encoded one first', () => {
    expect(filenameFromDisposition(`attachment; filename="a.csv"; filename*=UTF-8''L%C3%A4nge.csv`)).toBe(
      'Länge.csv',
    );
    expect(filenameFromDisposition('attachment; filename=plain.xlsx')).toBe('plain.xlsx');
    expect(filenameFromDisposition(null)).toBeNull();
  });
});
