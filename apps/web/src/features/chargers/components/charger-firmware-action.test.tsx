import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setStationId } from '../../../lib/storage';
import { envelope, fakeServer } from '../../../testing/fake-server';
import { updateFirmwarePath } from '../api/update-firmware';
import { aCharger, renderWithHosts } from '../testing';
import { ChargerActions } from './charger-actions';

describe('firmware update of a charger that never reported its version', () => {
  it('says the version is unknown, and installs the version the operator confirmed', async () => {
    setStationId(7);
    const charger = aCharger({ alias: 'Gate', firmwareVersion: null, newFirmwareVersion: '2.0.0' });
    const { requests } = fakeServer({
      [updateFirmwarePath]: envelope(200, 'success', {
        version: '2.0.0',
        message: 'UpdateFirmware',
        status: null,
        requestId: null,
      }),
    });
    renderWithHosts(
      <ChargerActions
        charger={charger}
        isLoadManagementActive={() => Promise.resolve(false)}
        onDeleted={() => {}}
      />,
    );
    fireEvent.click(screen.getByTestId('charger-action-firmware'));
    const dialog = await screen.findByTestId('confirm-dialog');
    expect(within(dialog).getByTestId('confirm-dialog-content').textContent).toBe(
      'Gate has never reported which firmware it runs.\nInstall firmware 2.0.0 anyway? The charger restarts once it is installed.\nUnsigned firmware: sent with UpdateFirmware.',
    );
    fireEvent.click(within(dialog).getByTestId('confirm-dialog-ok'));
    expect((await screen.findByTestId('toast')).textContent).toBe('Firmware 2.0.0 is being installed');
    expect(requests.map((request) => request.body)).toEqual([
      { stationId: 7, chargerId: charger.id, version: '2.0.0' },
    ]);
  });
});

describe('firmware update of a signed catalogue entry', () => {
  const renderActions = (charger: ReturnType<typeof aCharger>) =>
    renderWithHosts(
      <ChargerActions
        charger={charger}
        isLoadManagementActive={() => Promise.resolve(false)}
        onDeleted={() => {}}
      />,
    );

  it('says it goes by SignedUpdateFirmware, and shows the request the charger accepted', async () => {
    setStationId(7);
    const charger = aCharger({ alias: 'Gate', newFirmwareVersion: '2.1.0', newFirmwareSigned: true });
    fakeServer({
      [updateFirmwarePath]: envelope(200, 'success', {
        version: '2.1.0',
        message: 'SignedUpdateFirmware',
        status: 'Accepted',
        requestId: 12,
      }),
    });
    renderActions(charger);
    fireEvent.click(screen.getByTestId('charger-action-firmware'));
    const dialog = await screen.findByTestId('confirm-dialog');
    expect(within(dialog).getByTestId('confirm-dialog-content').textContent).toBe(
      'Install firmware 2.1.0 on Gate?\nThe charger restarts once it is installed.\nSigned firmware: sent with SignedUpdateFirmware; the charger checks the signature before installing.',
    );
    fireEvent.click(within(dialog).getByTestId('confirm-dialog-ok'));
    expect(
      await screen.findByText('Firmware 2.1.0 (signed, request 12): the charger accepted it'),
    ).toBeTruthy();
  });

  it("shows the charger's refusal of the signing certificate", async () => {
    setStationId(7);
    const charger = aCharger({ alias: 'Gate', newFirmwareVersion: '2.1.0', newFirmwareSigned: true });
    fakeServer({
      [updateFirmwarePath]: envelope(200, 'success', {
        version: '2.1.0',
        message: 'SignedUpdateFirmware',
        status: 'InvalidCertificate',
        requestId: 13,
      }),
    });
    renderActions(charger);
    fireEvent.click(screen.getByTestId('charger-action-firmware'));
    fireEvent.click(within(await screen.findByTestId('confirm-dialog')).getByTestId('confirm-dialog-ok'));
    expect(
      await screen.findByText(
        'Firmware 2.1.0 (signed) not installed: the charger finds the signing certificate invalid',
      ),
    ).toBeTruthy();
  });
});
