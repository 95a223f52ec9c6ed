import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setStationId } from '../../../lib/storage';
import { envelope, fakeServer } from '../../../testing/fake-server';
import { updateChargerPath } from '../api/update-charger';
import { aCharger, renderWithHosts } from '../testing';
import { ChargerFields } from './charger-fields';

describe("editing a charger's type, power, connectivity and capacities", () => {
  it('sends every field, a cleared one as null, after checking them', async () => {
    setStationId(7);
    const charger = aCharger({ chargerType: 'socket', ratedPowerW: 11_000, connectivity: 'WiFi' });
    const { requests } = fakeServer({ [updateChargerPath]: envelope(200, 'success', charger) });
    renderWithHosts(<ChargerFields charger={charger} />);
    fireEvent.click(screen.getByTestId('charger-edit'));
    await screen.findByTestId('charger-edit-dialog');
    expect(screen.getByTestId<HTMLInputElement>('charger-edit-ratedPowerKw').value).toBe('11');

    fireEvent.change(screen.getByTestId('charger-edit-chargerType'), { target: { value: 'cable' } });
    fireEvent.change(screen.getByTestId('charger-edit-ratedPowerKw'), { target: { value: '22,5' } });
    fireEvent.change(screen.getByTestId('charger-edit-connectivity'), { target: { value: '' } });
    fireEvent.change(screen.getByTestId('charger-edit-capacityL2'), { target: { value: '20.5' } });
    fireEvent.click(screen.getByTestId('charger-edit-submit'));
    expect(await screen.findByText('Enter whole amperes above 0 and at most 1000')).toBeTruthy();
    expect(requests.filter((r) => r.path === updateChargerPath)).toHaveLength(0);

    fireEvent.change(screen.getByTestId('charger-edit-capacityL2'), { target: { value: '20' } });
    fireEvent.change(screen.getByTestId('charger-edit-capacityL3'), { target: { value: '' } });
    fireEvent.click(screen.getByTestId('charger-edit-submit'));
    await waitFor(() =>
      expect(requests.filter((r) => r.path === updateChargerPath).map((r) => r.body)).toEqual([
        {
          stationId: 7,
          chargerId: charger.id,
          chargerType: 'cable',
          ratedPowerW: 22_500,
          connectivity: null,
          capacityL1: 16,
          capacityL2: 20,
          capacityL3: null,
        },
      ]),
    );
  });

  it('starts from the charger as it is at each opening, not from what was typed and cancelled', async () => {
    setStationId(7);
    fakeServer();
    const charger = aCharger({ ratedPowerW: 11_000 });
    renderWithHosts(<ChargerFields charger={charger} />);
    fireEvent.click(screen.getByTestId('charger-edit'));
    fireEvent.change(await screen.findByTestId('charger-edit-ratedPowerKw'), { target: { value: '50' } });
    fireEvent.click(screen.getByTestId('charger-edit-cancel'));
    await waitFor(() => expect(screen.queryByTestId('charger-edit-dialog')).toBeNull());

    fireEvent.click(screen.getByTestId('charger-edit'));
    expect((await screen.findByTestId<HTMLInputElement>('charger-edit-ratedPowerKw')).value).toBe('11');
  });
});
