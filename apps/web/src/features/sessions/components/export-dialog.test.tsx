import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { sessionExportPath } from '@plugboard/contract';
import { setStationId, setToken } from '../../../lib/storage';
import { readListParams } from '../lib/list-params';
import { renderScreen } from '../testing';
import { ExportDialog } from './export-dialog';

const encoder = new TextEncoder();

/** An export answer the test feeds chunk by chunk. */
function exportServer() {
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const requests: { path: string; body: unknown; signal: AbortSignal | undefined }[] = [];
  vi.stubGlobal('fetch', (path: string, init: RequestInit) => {
    // The site, whose zone the range is read in.
    if (path.endsWith('/station/v2/detail')) {
      const site = { status: 200, msg: 'success', data: { timeZone: 'Europe/Amsterdam' } };
      return Promise.resolve(
        new Response(JSON.stringify(site), { headers: { 'content-type': 'application/json' } }),
      );
    }
    requests.push({ path, body: JSON.parse(init.body as string), signal: init.signal ?? undefined });
    const body = new ReadableStream<Uint8Array>({ start: (c) => void (controller = c) });
    return Promise.resolve(
      new Response(body, {
        headers: {
          'content-type': 'text/csv',
          'x-total-count': '2',
          'content-disposition': 'attachment; filename="sessions-all.csv"',
        },
      }),
    );
  });
  return {
    requests,
    send: (text: string) => controller.enqueue(encoder.encode(text)),
    end: () => controller.close(),
  };
}

function showDialog() {
  setStationId(7);
  setToken('session-token');
  const created = vi.fn((_blob: Blob) => 'blob:export');
  Object.assign(URL, { createObjectURL: created, revokeObjectURL: vi.fn() });
  const clicked = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
  const params = readListParams(new URLSearchParams('status=complete&pageNum=2'));
  renderScreen(<ExportDialog open onClose={() => {}} params={params} total={2} />);
  return { created, clicked };
}

const objectUrls = Object.getOwnPropertyDescriptors(URL);

describe('sessions export', () => {
  afterEach(() => {
    Object.defineProperties(URL, objectUrls);
  });

  it('streams all pages as CSV with progress against X-Total-Count, then saves the named file', async () => {
    const server = exportServer();
    const { created, clicked } = showDialog();
    fireEvent.click(screen.getByTestId('session-export-scope-all'));
    fireEvent.click(screen.getByTestId('session-export-start'));
    await waitFor(() => expect(server.requests).toHaveLength(1));
    expect(server.requests[0]).toMatchObject({
      path: sessionExportPath,
      body: {
        stationId: 7,
        status: 'complete',
        scope: 'all',
        format: 'csv',
        pageNum: 2,
        pageSize: 10,
        language: 'en_US',
      },
    });

    server.send('ID,Cost\r\n41,3.08\r\n');
    await waitFor(() =>
      expect(screen.getByTestId('session-export-progress-text').textContent).toBe('1 of 2 rows'),
    );
    expect(screen.getByTestId('session-export-progress').dataset.percent).toBe('50');
    server.send('42,1.50\r\n');
    server.end();

    await waitFor(() =>
      expect(screen.getByTestId('session-export-done').textContent).toBe('Saved as sessions-all.csv'),
    );
    expect(await created.mock.calls[0]?.[0].text()).toBe('ID,Cost\r\n41,3.08\r\n42,1.50\r\n');
    expect(clicked).toHaveBeenCalledTimes(1);
  });

  it('cancels a running export: the request is aborted and nothing is saved', async () => {
    const server = exportServer();
    const { clicked } = showDialog();
    fireEvent.click(screen.getByTestId('session-export-format-xlsx'));
    fireEvent.click(screen.getByTestId('session-export-start'));
    await waitFor(() => expect(server.requests).toHaveLength(1));
    expect(server.requests[0]?.body).toMatchObject({ scope: 'page', format: 'xlsx' });
    server.send('PK');
    await screen.findByTestId('session-export-progress');
    fireEvent.click(screen.getByTestId('session-export-cancel'));
    expect(server.requests[0]?.signal?.aborted).toBe(true);
    await waitFor(() => expect(screen.queryByTestId('session-export-progress')).toBeNull());
    expect(clicked).not.toHaveBeenCalled();
  });
});
