import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope, fakeServer } from '../../../testing/fake-server';
import { enableLoadPath } from '../api/enable-load';
import { loadDetailPath } from '../api/get-load';
import { loadHistoryPath } from '../api/get-load-history';
import { saveLoadChargerPath } from '../api/save-load-charger';
import { saveLoadSchedulePath } from '../api/save-load-schedule';
import { aLoadCharger, aLoadDetail, renderLoad } from '../testing';
import { LoadView } from './load-view';

function showLoad(detail = aLoadDetail()) {
  const server = fakeServer({
    [loadDetailPath]: envelope(200, 'success', detail),
    [loadHistoryPath]: envelope(200, 'success', { points: [] }),
    [enableLoadPath]: envelope(200, 'success', { ...detail, isOpenLoad: 0 }),
    [saveLoadChargerPath]: envelope(200, 'success', detail),
    [saveLoadSchedulePath]: envelope(200, 'success', detail),
  });
  renderLoad(<LoadView />);
  const bodies = (path: string) => server.requests.filter((r) => r.path === path).map((r) => r.body);
  return { ...server, bodies };
}

describe('load screen', () => {
  it("charts each phase's limit, allocation and measured current, and each charger's share with its reason", async () => {
    showLoad();
    const chart = await screen.findByTestId('load-chart');
    expect(chart.dataset).toMatchObject({
      limit: '32,32,32',
      allocated: '32,32,32',
      measured: '31.7,31.7,31.7',
    });
    const gate = screen.getByTestId('load-charger-1');
    expect(gate.dataset).toMatchObject({ limit: '16', reason: 'fairShare' });
    expect(gate.textContent).toContain('Fair share');
    expect(gate.textContent).toContain('16 A');
    expect(gate.textContent).toContain('3-phase · L1 · L2 · L3 · min 6 A · max 32 A');
  });

  it('says which cars wait for grid capacity and when they take turns, and flags a charger that rejects profiles', async () => {
    showLoad(
      aLoadDetail({
        chargers: [
          aLoadCharger({ limitA: 0, reason: 'paused', sitePhasesA: [0, 0, 0] }),
          aLoadCharger({ chargerId: 2, reason: 'rejectsProfiles', rejectsProfiles: true, limitA: null }),
        ],
        nextChangeAt: '2026-03-10T08:15:00.000Z',
      }),
    );
    expect((await screen.findByTestId('load-paused')).textContent).toBe(
      '1 car is waiting for grid capacity restored; waiting cars take turns every 15 minutes. Next turn at 09:15 AM.',
    );
    expect(screen.getByTestId('load-charger-1').textContent).toContain('Waiting for grid capacity restored');
    expect(
      screen.getByText('1 charger rejects charging profiles: it is counted at its full rating.'),
    ).toBeTruthy();
  });

  it("shows the site meter's reading of the building's load in the site's time zone", async () => {
    showLoad(aLoadDetail({ meter: { currentA: [20, 5.5, 0], measuredAt: '2026-03-10T08:00:00.000Z' } }));
    expect((await screen.findByTestId('load-meter')).textContent).toBe(
      'Building load (site meter): 20 A / 5.5 A / 0 A at 09:00 AM, subtracted from the limits.',
    );
  });

  it('turns load management off', async () => {
    const s = showLoad();
    fireEvent.click(within(await screen.findByTestId('load-switch')).getByRole('switch'));
    await waitFor(() => expect(s.bodies(enableLoadPath)).toEqual([{ stationId: 7, isOpenLoad: 0 }]));
  });

  it("saves a charger's wiring, refusing a site phase used twice", async () => {
    const s = showLoad();
    fireEvent.click(await screen.findByTestId('load-charger-edit-1'));
    const dialog = screen.getByTestId('load-charger-dialog');
    fireEvent.change(within(dialog).getByTestId('load-wiring-0'), { target: { value: '2' } });
    expect(within(dialog).getByText('Use each site phase once')).toBeTruthy();
    expect(screen.getByTestId<HTMLButtonElement>('load-charger-save').disabled).toBe(true);
    fireEvent.change(within(dialog).getByTestId('load-wiring-1'), { target: { value: '3' } });
    fireEvent.change(within(dialog).getByTestId('load-wiring-2'), { target: { value: '1' } });
    fireEvent.click(screen.getByTestId('load-charger-save'));
    await waitFor(() =>
      expect(s.bodies(saveLoadChargerPath)).toEqual([
        { stationId: 7, chargerId: 1, phases: 3, wiring: [2, 3, 1], minA: 6, maxA: null },
      ]),
    );
  });

  it('adds a band to the capacity schedule and saves it', async () => {
    const s = showLoad();
    await screen.findByTestId('load-schedule');
    fireEvent.change(screen.getByTestId('load-band-limit'), { target: { value: '20' } });
    fireEvent.click(screen.getByTestId('load-band-add'));
    fireEvent.click(screen.getByTestId('load-schedule-save'));
    await waitFor(() =>
      expect(s.bodies(saveLoadSchedulePath)).toEqual([
        { stationId: 7, bands: [{ days: [1, 2, 3, 4, 5], from: '17:00', to: '21:00', limitA: 20 }] },
      ]),
    );
  });
});
