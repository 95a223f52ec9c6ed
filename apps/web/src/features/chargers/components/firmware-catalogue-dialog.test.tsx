import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setStationId } from '../../../lib/storage';
import { envelope, fakeServer } from '../../../testing/fake-server';
import { firmwareAddPath, firmwareListPath } from '../api/firmware-catalogue';
import { renderWithHosts } from '../testing';
import { FirmwareCatalogueDialog } from './firmware-catalogue-dialog';

const entry = (model: string, version: string, shared: boolean, signed = false) => ({
  model,
  version,
  url: `https://firmware.example/${model}-${version}.bin`,
  shared,
  signed,
  createdAt: '2026-11-01T10:00:00.000Z',
});

describe('the firmware catalogue screen', () => {
  it("lists the server's and the account's versions and adds one, checked first", async () => {
    setStationId(7);
    const { requests } = fakeServer({
      [firmwareListPath]: envelope(200, 'success', [
        entry('Simulator', '3.0.0', true),
        entry('Wallbox', '1.2.0', false),
      ]),
      [firmwareAddPath]: envelope(200, 'success', entry('Wallbox', '1.3.0', false)),
    });
    renderWithHosts(<FirmwareCatalogueDialog open onClose={() => {}} />);
    await waitFor(() => expect(screen.getAllByTestId('firmware-row')).toHaveLength(2));
    expect(screen.getAllByTestId('firmware-row').map((row) => row.textContent)).toEqual([
      'Simulator3.0.0https://firmware.example/Simulator-3.0.0.binUnsignedServer',
      'Wallbox1.2.0https://firmware.example/Wallbox-1.2.0.binUnsignedYours',
    ]);

    fireEvent.change(screen.getByTestId('firmware-add-model'), { target: { value: 'Wallbox' } });
    fireEvent.change(screen.getByTestId('firmware-add-version'), { target: { value: '1.3.0' } });
    fireEvent.change(screen.getByTestId('firmware-add-url'), { target: { value: 'ftp:/nowhere' } });
    fireEvent.click(screen.getByTestId('firmware-add-submit'));
    expect(
      await screen.findByText('Enter the http(s) address the charger downloads the firmware from'),
    ).toBeTruthy();
    expect(requests.filter((r) => r.path === firmwareAddPath)).toHaveLength(0);

    fireEvent.change(screen.getByTestId('firmware-add-url'), {
      target: { value: 'https://firmware.example/wb-1.3.0.bin' },
    });
    fireEvent.click(screen.getByTestId('firmware-add-submit'));
    await waitFor(() =>
      expect(requests.filter((r) => r.path === firmwareAddPath).map((r) => r.body)).toEqual([
        { stationId: 7, model: 'Wallbox', version: '1.3.0', url: 'https://firmware.example/wb-1.3.0.bin' },
      ]),
    );
    expect(await screen.findByText('Firmware 1.3.0 for Wallbox added')).toBeTruthy();
  });

  it('adds a signed version with its certificate and signature, both or neither', async () => {
    setStationId(7);
    const { requests } = fakeServer({
      [firmwareListPath]: envelope(200, 'success', [entry('Wallbox', '1.2.0', false, true)]),
      [firmwareAddPath]: envelope(200, 'success', entry('Wallbox', '1.3.0', false, true)),
    });
    renderWithHosts(<FirmwareCatalogueDialog open onClose={() => {}} />);
    await waitFor(() => expect(screen.getByTestId('firmware-row-message').textContent).toBe('Signed'));
    const pem = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----';
    fireEvent.change(screen.getByTestId('firmware-add-model'), { target: { value: 'Wallbox' } });
    fireEvent.change(screen.getByTestId('firmware-add-version'), { target: { value: '1.3.0' } });
    fireEvent.change(screen.getByTestId('firmware-add-url'), {
      target: { value: 'https://firmware.example/wb-1.3.0.bin' },
    });
    fireEvent.change(screen.getByTestId('firmware-add-signingCertificate'), { target: { value: pem } });
    fireEvent.click(screen.getByTestId('firmware-add-submit'));
    expect(await screen.findByText('Paste both the certificate and the signature, or neither')).toBeTruthy();
    expect(requests.filter((r) => r.path === firmwareAddPath)).toHaveLength(0);

    fireEvent.change(screen.getByTestId('firmware-add-signature'), { target: { value: ' c2lnbmF0dXJl ' } });
    fireEvent.click(screen.getByTestId('firmware-add-submit'));
    await waitFor(() =>
      expect(requests.filter((r) => r.path === firmwareAddPath).map((r) => r.body)).toEqual([
        {
          stationId: 7,
          model: 'Wallbox',
          version: '1.3.0',
          url: 'https://firmware.example/wb-1.3.0.bin',
          signingCertificate: pem,
          signature: 'c2lnbmF0dXJl',
        },
      ]),
    );
  });
});
