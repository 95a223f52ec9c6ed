import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Diagnostics } from '@plugboard/contract';
import { setStationId } from '../../../lib/storage';
import { envelope, fakeServer } from '../../../testing/fake-server';
import { diagnosticsListPath, uploadUnderWay } from '../api/get-diagnostics';
import { requestDiagnosticsPath } from '../api/request-diagnostics';
import { aCharger, renderWithHosts } from '../testing';
import { ChargerDiagnostics } from './charger-diagnostics';

const aRequest = (overrides: Partial<Diagnostics> = {}): Diagnostics => ({
  id: 3,
  kind: 'Diagnostics',
  from: null,
  to: null,
  answer: null,
  logStatus: null,
  requestedAt: '2099-01-01T10:00:00.000Z',
  expiresAt: '2099-01-01T11:00:00.000Z',
  fileName: 'diag-E07.log',
  size: 2048,
  uploadedAt: '2099-01-01T10:01:00.000Z',
  ...overrides,
});

describe("a charger's diagnostics", () => {
  it('lists uploaded files with the upload status, and asks for new ones after confirming', async () => {
    setStationId(7);
    const uploaded = aRequest();
    const pending = aRequest({ id: 4, fileName: 'next.log', size: null, uploadedAt: null });
    const { requests } = fakeServer({
      [diagnosticsListPath]: envelope(200, 'success', { list: [pending, uploaded], status: 'Uploaded' }),
      [requestDiagnosticsPath]: envelope(200, 'success', pending),
    });
    renderWithHosts(<ChargerDiagnostics charger={aCharger({ id: 600, alias: 'Gate', connected: true })} />);
    await waitFor(() =>
      expect(screen.getByTestId('charger-diagnostics-status').textContent).toBe('Upload: uploaded'),
    );
    // Only uploaded files are offered.
    expect(screen.getAllByTestId('charger-diagnostics-file').map((e) => e.textContent)).toEqual([
      expect.stringMatching(/^diag-E07\.log · 2 KB · /) as unknown,
    ]);
    fireEvent.click(screen.getByTestId('charger-diagnostics-request'));
    const dialog = await screen.findByTestId('confirm-dialog');
    expect(within(dialog).getByTestId('confirm-dialog-content').textContent).toBe(
      'Gate will upload its diagnostics file to this server; it appears here once uploaded.',
    );
    fireEvent.click(within(dialog).getByTestId('confirm-dialog-ok'));
    expect(await screen.findByText('The charger will upload next.log')).toBeTruthy();
    expect(requests.filter((r) => r.path === requestDiagnosticsPath).map((r) => r.body)).toEqual([
      { stationId: 7, chargerId: 600, kind: 'Diagnostics' },
    ]);
  });

  it("asks for the security log within a window on the site's clock, and shows each GetLog's progress", async () => {
    setStationId(7);
    const uploading = aRequest({
      id: 12,
      kind: 'SecurityLog',
      answer: 'Accepted',
      logStatus: 'Uploading',
      fileName: 'security.log',
      uploadedAt: null,
    });
    const rejected = aRequest({
      id: 11,
      kind: 'DiagnosticsLog',
      answer: 'Rejected',
      fileName: null,
      uploadedAt: null,
    });
    const { requests } = fakeServer({
      [diagnosticsListPath]: envelope(200, 'success', { list: [uploading, rejected], status: null }),
      [requestDiagnosticsPath]: envelope(200, 'success', { ...uploading, id: 13, logStatus: null }),
    });
    renderWithHosts(<ChargerDiagnostics charger={aCharger({ id: 600, alias: 'Gate', connected: true })} />);
    await waitFor(() =>
      expect(screen.getAllByTestId('charger-diagnostics-log').map((e) => e.textContent)).toEqual([
        'Security log (GetLog) · request 12 · uploading',
        'Diagnostics log (GetLog) · request 11 · rejected',
      ]),
    );
    expect(screen.queryByTestId('charger-diagnostics-file')).toBeNull();

    fireEvent.mouseDown(screen.getByTestId('charger-diagnostics-kind'));
    fireEvent.click(await screen.findByTestId('charger-diagnostics-kind-SecurityLog'));
    // A window that ends before it starts is refused before anything is sent.
    fireEvent.change(screen.getByTestId('charger-diagnostics-from'), {
      target: { value: '2026-11-20T09:00' },
    });
    fireEvent.change(screen.getByTestId('charger-diagnostics-to'), { target: { value: '2026-11-20T08:00' } });
    expect(screen.getByTestId('charger-diagnostics-window').textContent).toBe(
      'The end of the time window must come after its start',
    );
    expect(screen.getByTestId('charger-diagnostics-request')).toHaveProperty('disabled', true);
    fireEvent.change(screen.getByTestId('charger-diagnostics-to'), { target: { value: '2026-11-21T09:00' } });
    expect(screen.getByTestId('charger-diagnostics-request').textContent).toBe('Get log');
    fireEvent.click(screen.getByTestId('charger-diagnostics-request'));
    const dialog = await screen.findByTestId('confirm-dialog');
    expect(within(dialog).getByTestId('confirm-dialog-title').textContent).toBe("Get the charger's log?");
    expect(within(dialog).getByTestId('confirm-dialog-content').textContent).toBe(
      'Gate will upload its Security log (GetLog) to this server; it appears here once uploaded.',
    );
    fireEvent.click(within(dialog).getByTestId('confirm-dialog-ok'));
    expect(await screen.findByText('The charger will upload security.log')).toBeTruthy();
    const [body] = requests.filter((r) => r.path === requestDiagnosticsPath).map((r) => r.body);
    expect(body).toMatchObject({ stationId: 7, chargerId: 600, kind: 'SecurityLog' });
    const { from, to } = body as { from: string; to: string };
    expect(Date.parse(to) - Date.parse(from)).toBe(24 * 3600_000);
  });

  it('follows a GetLog until it ends or its URL expires', () => {
    const now = Date.parse('2099-01-01T10:30:00.000Z');
    const log = aRequest({ kind: 'SecurityLog', answer: 'Accepted', uploadedAt: null });
    const under = (d: Diagnostics) => uploadUnderWay({ list: [d], status: null }, now);
    expect(under(log)).toBe(true);
    expect(under({ ...log, logStatus: 'Uploading' })).toBe(true);
    expect(under({ ...log, logStatus: 'Uploaded' })).toBe(false);
    expect(under({ ...log, answer: 'Rejected' })).toBe(false);
    expect(under({ ...log, expiresAt: '2099-01-01T10:00:00.000Z' })).toBe(false);
  });
});
