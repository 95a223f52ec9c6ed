import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { InstalledCertificates, SigningHistory } from '@plugboard/contract';
import { ConfirmDialogHost } from '../../../components/ui/confirm-dialog';
import { setStationId } from '../../../lib/storage';
import { envelope, fakeServer } from '../../../testing/fake-server';
import { deleteCertificatePath } from '../api/delete-certificate';
import { installedCertificatesPath } from '../api/get-installed-certificates';
import { signingsPath } from '../api/get-signings';
import { installCertificatePath } from '../api/install-certificate';
import { renewCertificatePath } from '../api/renew-certificate';
import { ChargerCertificates } from './charger-certificates';

const hashData = {
  hashAlgorithm: 'SHA256' as const,
  issuerNameHash: 'a'.repeat(64),
  issuerKeyHash: 'b'.repeat(64),
  serialNumber: '1fbc9d13',
};
const installed: InstalledCertificates = {
  status: 'Accepted',
  certificates: [
    { hashData, subject: 'CN=Operator Root', notAfter: '2030-01-01T00:00:00.000Z' },
    { hashData: { ...hashData, serialNumber: '2' }, subject: null, notAfter: null },
  ],
};
const signings: SigningHistory = {
  signings: [
    {
      id: 2,
      receivedAt: '2026-11-24T21:00:00.000Z',
      subject: 'CN=E07SIM1, O=Plugboard',
      status: 'Accepted',
      refusal: null,
      serialNumber: '35aa',
      notAfter: '2027-11-24T21:00:00.000Z',
      signedStatus: 'Accepted',
    },
    {
      id: 1,
      receivedAt: '2026-11-24T20:00:00.000Z',
      subject: 'CN=SOMEONE-ELSE',
      status: 'Rejected',
      refusal: 'cn-mismatch',
      serialNumber: null,
      notAfter: null,
      signedStatus: null,
    },
  ],
};

function renderCertificates(connected = true) {
  setStationId(7);
  const server = fakeServer({
    [installedCertificatesPath]: envelope(200, 'success', installed),
    [signingsPath]: envelope(200, 'success', signings),
    [deleteCertificatePath]: envelope(200, 'success', { status: 'Accepted' }),
    [installCertificatePath]: envelope(200, 'success', { status: 'Rejected' }),
    [renewCertificatePath]: envelope(200, 'success', { status: 'Accepted' }),
  });
  render(
    <QueryClientProvider client={new QueryClient()}>
      <ChargerCertificates chargerId={3} name="Gate" connected={connected} />
      <ConfirmDialogHost />
    </QueryClientProvider>,
  );
  return server;
}

describe('charger certificates', () => {
  it('reads the installed certificates when asked and deletes one after the confirmation', async () => {
    const { requests } = renderCertificates();
    expect(requests.filter((r) => r.path === installedCertificatesPath)).toEqual([]);
    fireEvent.click(screen.getByTestId('certificate-list-read'));
    const rows = await screen.findAllByTestId('certificate-row');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain('CN=Operator Root');
    expect(rows[0]!.textContent).toContain('1fbc9d13');
    expect(rows[0]!.textContent).toContain('SHA256 name aaaaaaaa…aaaaaaaa');
    expect(rows[1]!.textContent).toContain('Not installed from this console');

    fireEvent.click(within(rows[0]!).getByTestId('certificate-delete'));
    const dialog = await screen.findByTestId('confirm-dialog');
    expect(within(dialog).getByTestId('confirm-dialog-content').textContent).toBe(
      'Delete CN=Operator Root from Gate? The charger no longer trusts it.',
    );
    fireEvent.click(within(dialog).getByTestId('confirm-dialog-ok'));
    expect((await screen.findByTestId('certificate-delete-answer')).textContent).toBe(
      'The charger answered: Accepted',
    );
    expect(requests.filter((r) => r.path === deleteCertificatePath).map((r) => r.body)).toEqual([
      { stationId: 7, chargerId: 3, certificateHashData: hashData },
    ]);
    // The list is read again: the charger's answer, not the console's guess.
    await waitFor(() => expect(requests.filter((r) => r.path === installedCertificatesPath)).toHaveLength(2));
  });

  it("installs a pasted certificate after the confirmation and shows the charger's answer", async () => {
    const { requests } = renderCertificates();
    fireEvent.change(screen.getByTestId('certificate-install-pem'), {
      target: { value: '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----' },
    });
    fireEvent.click(screen.getByTestId('certificate-install-send'));
    const dialog = await screen.findByTestId('confirm-dialog');
    expect(within(dialog).getByTestId('confirm-dialog-content').textContent).toBe(
      'Install this Central system root certificate on Gate?',
    );
    fireEvent.click(within(dialog).getByTestId('confirm-dialog-ok'));
    expect((await screen.findByTestId('certificate-install-answer')).textContent).toBe(
      'The charger answered: Rejected',
    );
    expect(requests.filter((r) => r.path === installCertificatePath).map((r) => r.body)).toEqual([
      {
        stationId: 7,
        chargerId: 3,
        certificateType: 'CentralSystemRootCertificate',
        certificate: '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----',
      },
    ]);
  });

  it("shows the signing history: signed and the charger's answer, refused and why", async () => {
    renderCertificates();
    const rows = await screen.findAllByTestId('signing-row');
    expect(rows[0]!.textContent).toContain('CN=E07SIM1, O=Plugboard');
    expect(rows[0]!.textContent).toContain('Signed');
    expect(rows[0]!.textContent).toContain('Installed');
    expect(rows[1]!.textContent).toContain('Refused: the CN is not this charger');
  });

  it('asks the charger to renew its certificate after the confirmation and reads the history again', async () => {
    const { requests } = renderCertificates();
    await screen.findAllByTestId('signing-row');
    fireEvent.click(screen.getByTestId('certificate-renew'));
    const dialog = await screen.findByTestId('confirm-dialog');
    expect(within(dialog).getByTestId('confirm-dialog-content').textContent).toBe(
      'Ask Gate to make a new key and send a certificate signing request now?',
    );
    fireEvent.click(within(dialog).getByTestId('confirm-dialog-ok'));
    expect((await screen.findByTestId('certificate-renew-answer')).textContent).toBe(
      'The charger answered: Accepted',
    );
    expect(requests.filter((r) => r.path === renewCertificatePath).map((r) => r.body)).toEqual([
      { stationId: 7, chargerId: 3, requestedMessage: 'SignChargePointCertificate' },
    ]);
    await waitFor(() => expect(requests.filter((r) => r.path === signingsPath)).toHaveLength(2));
  });

  it('sends nothing while the charger is offline', () => {
    renderCertificates(false);
    expect(screen.getByTestId('certificate-list-read')).toHaveProperty('disabled', true);
    expect(screen.getByTestId('certificate-install-send')).toHaveProperty('disabled', true);
    expect(screen.getByTestId('certificate-renew')).toHaveProperty('disabled', true);
  });
});
