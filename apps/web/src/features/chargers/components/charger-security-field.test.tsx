import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setStationId } from '../../../lib/storage';
import { envelope, fakeServer } from '../../../testing/fake-server';
import { updateChargerPath } from '../api/update-charger';
import { aCharger, renderWithHosts } from '../testing';
import { ChargerSecurityField } from './charger-security-field';

describe("a charger's security profile", () => {
  it('asks before changing it, then saves the chosen profile', async () => {
    setStationId(7);
    const charger = aCharger({ alias: 'Gate', securityProfile: 1 });
    const { requests } = fakeServer({
      [updateChargerPath]: envelope(200, 'success', { ...charger, securityProfile: 3 }),
    });
    renderWithHosts(<ChargerSecurityField charger={charger} />);
    fireEvent.mouseDown(screen.getByRole('combobox'));
    fireEvent.click(await screen.findByTestId('charger-security-profile-3'));
    const dialog = await screen.findByTestId('confirm-dialog');
    expect(within(dialog).getByTestId('confirm-dialog-content').textContent).toMatch(
      /^Gate will have to connect with profile 3\./,
    );
    fireEvent.click(within(dialog).getByTestId('confirm-dialog-ok'));
    expect((await screen.findByTestId('toast')).textContent).toBe('Security profile saved');
    expect(requests.map((request) => request.body)).toEqual([
      { stationId: 7, chargerId: charger.id, securityProfile: 3 },
    ]);
  });

  it('changes nothing when the operator cancels', async () => {
    setStationId(7);
    const charger = aCharger({ securityProfile: 2 });
    const { requests } = fakeServer({});
    renderWithHosts(<ChargerSecurityField charger={charger} />);
    fireEvent.mouseDown(screen.getByRole('combobox'));
    fireEvent.click(await screen.findByTestId('charger-security-profile-1'));
    fireEvent.click(within(await screen.findByTestId('confirm-dialog')).getByTestId('confirm-dialog-cancel'));
    expect(requests).toEqual([]);
  });
});
