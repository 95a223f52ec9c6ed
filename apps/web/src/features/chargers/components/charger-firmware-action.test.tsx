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
    const { requests } = fakeServer({ [updateFirmwarePath]: envelope(200, 'success', { version: '2.0.0' }) });
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
      'Gate has never reported which firmware it runs.\nInstall firmware 2.0.0 anyway? The charger restarts once it is installed.',
    );
    fireEvent.click(within(dialog).getByTestId('confirm-dialog-ok'));
    expect((await screen.findByTestId('toast')).textContent).toBe('Firmware 2.0.0 is being installed');
    expect(requests.map((request) => request.body)).toEqual([
      { stationId: 7, chargerId: charger.id, version: '2.0.0' },
    ]);
  });
});
