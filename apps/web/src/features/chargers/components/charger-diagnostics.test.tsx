import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setStationId } from '../../../lib/storage';
import { envelope, fakeServer } from '../../../testing/fake-server';
import { diagnosticsListPath } from '../api/get-diagnostics';
import { requestDiagnosticsPath } from '../api/request-diagnostics';
import { aCharger, renderWithHosts } from '../testing';
import { ChargerDiagnostics } from './charger-diagnostics';

describe("a charger's diagnostics", () => {
  it('lists uploaded files with the upload status, and asks for new ones after confirming', async () => {
    setStationId(7);
    const uploaded = {
      id: 3,
      requestedAt: '2099-01-01T10:00:00.000Z',
      expiresAt: '2099-01-01T11:00:00.000Z',
      fileName: 'diag-E07.log',
      size: 2048,
      uploadedAt: '2099-01-01T10:01:00.000Z',
    };
    const pending = { ...uploaded, id: 4, fileName: 'next.log', size: null, uploadedAt: null };
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
      { stationId: 7, chargerId: 600 },
    ]);
  });
});
