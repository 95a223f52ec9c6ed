import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { LocalList } from '@plugboard/contract';
import { setStationId } from '../../../lib/storage';
import { envelope, fakeServer } from '../../../testing/fake-server';
import { renderWithHosts } from '../../../testing/render-with-hosts';
import { localListPath } from '../api/get-local-list';
import { saveLocalListPath } from '../api/save-local-list';
import { LocalListPanel } from './local-list-panel';

const off: LocalList = { enabled: false, version: 0, size: 0, chargers: [] };
const on: LocalList = {
  enabled: true,
  version: 3,
  size: 12,
  chargers: [
    { chargerId: 1, version: 3, state: 'synced', updatedAt: '2026-01-01T10:00:00.000Z' },
    { chargerId: 2, version: 3, state: 'synced', updatedAt: '2026-01-01T10:00:00.000Z' },
    { chargerId: 3, version: 0, state: 'notSupported', updatedAt: null },
  ],
};

describe('the local authorization list switch', () => {
  it('switches the list on and says how many chargers hold it', async () => {
    setStationId(7);
    const { requests } = fakeServer({
      [localListPath]: envelope(200, 'success', off),
      [saveLocalListPath]: envelope(200, 'success', on),
    });
    renderWithHosts(<LocalListPanel />);
    const toggle = await screen.findByTestId('local-list-switch');
    await waitFor(() => expect((toggle as HTMLInputElement).disabled).toBe(false));
    expect(screen.queryByTestId('local-list-summary')).toBeNull();
    fireEvent.click(toggle);
    expect((await screen.findByTestId('toast')).textContent).toBe(
      "The chargers are getting the site's cards",
    );
    expect(screen.getByTestId('local-list-summary').textContent).toContain('12 cards in the list, version 3');
    expect(screen.getByTestId('local-list-state-synced').textContent).toBe('2 chargers up to date');
    expect(screen.getByTestId('local-list-state-notSupported').textContent).toBe(
      '1 charger has no local list',
    );
    expect(requests.filter((r) => r.path === saveLocalListPath).map((r) => r.body)).toEqual([
      { stationId: 7, enabled: true },
    ]);
  });
});
