import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChargerList } from '@plugboard/contract';
import { setStationId, setToken } from '../../../lib/storage';
import { envelope, fakeServer } from '../../../testing/fake-server';
import { chargersPath } from '../api/get-chargers';
import { aCharger, FakeWebSocket, renderWithHosts } from '../testing';
import { ChargerListView } from './charger-list-view';
import { onAPhone } from '../../../testing/on-a-phone';

const page = (list: ChargerList['list']): ChargerList => ({
  list,
  total: list.length,
  pageNum: 1,
  pageSize: 10,
});

function showList(chargers = [aCharger({ productCode: 'E07GATE', status: 'offline', connected: false })]) {
  setStationId(7);
  setToken('session-token');
  const server = fakeServer({ [chargersPath]: envelope(200, 'success', page(chargers)) });
  renderWithHosts(
    <MemoryRouter initialEntries={['/chargeList']}>
      <ChargerListView isLoadManagementActive={() => Promise.resolve(false)} />
    </MemoryRouter>,
  );
  return server;
}

const listBodies = (requests: { path: string; body: Record<string, unknown> }[]) =>
  requests.filter((request) => request.path === chargersPath).map((request) => request.body);

describe('chargers screen', () => {
  beforeEach(() => {
    FakeWebSocket.instances = [];
    vi.stubGlobal('WebSocket', FakeWebSocket);
  });

  it('follows a status change pushed by the server, without a request', async () => {
    const charger = aCharger({ productCode: 'E07GATE', status: 'offline', connected: false });
    const { requests } = showList([charger]);
    expect((await screen.findByTestId('charger-status-E07GATE')).textContent).toBe('Offline');
    const socket = FakeWebSocket.latest();
    expect(socket.url).toBe('ws://localhost:3000/cms-system/live');
    act(() => {
      socket.open();
      socket.push({ type: 'ready', stationId: 7 });
    });
    await waitFor(() => expect(screen.getByTestId('charger-live').dataset.state).toBe('live'));
    // Ready refetches once (whatever happened before the socket was up); then the list is idle.
    await waitFor(() => expect(listBodies(requests)).toHaveLength(2));
    await waitFor(() => expect(screen.queryByRole('progressbar')).toBeNull());

    act(() =>
      socket.push({
        type: 'charger.status',
        stationId: 7,
        chargerId: charger.id,
        status: 'available',
        connected: true,
        errorCode: null,
        firmwareStatus: null,
        connector: null,
        charger: { ...charger, status: 'available', connected: true },
      }),
    );
    await waitFor(() => expect(screen.getByTestId('charger-status-E07GATE').textContent).toBe('Available'));
    expect(listBodies(requests)).toHaveLength(2);
  });

  it('searches by product code or alias and filters by status on the server', async () => {
    const { requests } = showList();
    await screen.findByTestId('charger-row-E07GATE');
    fireEvent.change(screen.getByTestId('charger-search'), { target: { value: 'gate' } });
    fireEvent.change(screen.getByTestId('charger-status-filter'), { target: { value: 'charging' } });
    await waitFor(() =>
      expect(listBodies(requests).at(-1)).toEqual({
        stationId: 7,
        keyword: 'gate',
        status: 'charging',
        pageNum: 1,
        pageSize: 10,
      }),
    );
  });

  it('opens the details of a row with every field of the charger', async () => {
    showList([
      aCharger({
        productCode: 'E07GATE',
        alias: 'Gate',
        ratedPowerW: 22_000,
        chargerType: 'cable',
        connectivity: '4G',
        firmwareVersion: '1.0.0',
        newFirmwareVersion: '1.2.0',
        firmwareStatus: 'Downloading',
      }),
    ]);
    fireEvent.click(await screen.findByTestId('charger-row-E07GATE'));
    const details = await screen.findByTestId('charger-details');
    expect(details.dataset.charger).toBe('E07GATE');
    expect(screen.getByTestId('charger-detail-alias').textContent).toBe('Gate');
    expect(screen.getByTestId('charger-detail-rated-power').textContent).toBe('22 kW');
    expect(screen.getByTestId('charger-detail-type').textContent).toBe('Cable');
    expect(screen.getByTestId('charger-detail-connectivity').textContent).toBe('4G');
    expect(screen.getByTestId('charger-detail-new-firmware-version').textContent).toBe('1.2.0');
    expect(screen.getByTestId('charger-detail-firmware-status').textContent).toBe('Downloading');
    expect(screen.getByTestId('charger-firmware-progress')).toBeTruthy();
    expect(screen.getByTestId('charger-detail-capacity-1').textContent).toBe('16 A');
  });

  it('shows each charger as a card on a phone: status whole, ongoing energy and current; a tap opens it', async () => {
    onAPhone();
    showList([
      aCharger({
        productCode: 'E07GATE',
        alias: 'Gate',
        status: 'chargingComplete',
        totalCurrentA: 16,
        ongoingSession: {
          id: 12,
          transactionId: '12',
          connectorId: 1,
          startTime: '2025-03-03T21:30:00.000Z',
          energyWh: 3456,
          closable: false,
        },
      }),
    ]);
    const card = await screen.findByTestId('charger-row-E07GATE');
    expect(card.tagName).not.toBe('TR');
    expect(within(card).getByText('Gate')).toBeTruthy();
    expect(within(card).getByText('E07GATE')).toBeTruthy();
    expect(within(card).getByTestId('charger-status-E07GATE').textContent).toBe('Charging complete');
    expect(within(card).getByTestId('charger-session-E07GATE').textContent).toBe('#12 · 3.456 kWh');
    expect(within(card).getByTestId('charger-current-E07GATE').textContent).toBe('16 A');
    fireEvent.click(card);
    expect((await screen.findByTestId('charger-details')).dataset.charger).toBe('E07GATE');
  });
});
