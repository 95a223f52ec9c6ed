import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { startAfterEndMessage } from '@plugboard/contract';
import { setStationId, setToken } from '../../../lib/storage';
import { envelope, fakeServer } from '../../../testing/fake-server';
import { sessionsPath } from '../api/get-sessions';
import { aPage, aSession, renderScreen } from '../testing';
import { SessionListView } from './session-list-view';
import { onAPhone } from '../../../testing/on-a-phone';

function showList(sessions = [aSession({ orderNo: 41 })], path = '/sessionList') {
  setStationId(7);
  setToken('session-token');
  const server = fakeServer({ [sessionsPath]: envelope(200, 'success', aPage(sessions)) });
  renderScreen(<SessionListView chargers={[{ id: 31, label: 'GATE (E07GATE)' }]} />, { path });
  return server;
}

const listBodies = (requests: { path: string; body: Record<string, unknown> }[]) =>
  requests.filter((request) => request.path === sessionsPath).map((request) => request.body);

describe('sessions list', () => {
  it('marks a session whose card was blocked or unknown, and no accepted one', async () => {
    showList([
      aSession({ orderNo: 41, authorization: 'Accepted' }),
      aSession({ orderNo: 42, authorization: 'Blocked' }),
      aSession({ orderNo: 43, authorization: 'Invalid' }),
    ]);
    expect((await screen.findByTestId('session-authorization-42')).textContent).toBe('Blocked');
    expect(screen.getByTestId('session-authorization-43').textContent).toBe('Invalid (unknown card)');
    expect(screen.queryByTestId('session-authorization-41')).toBeNull();
  });

  it('shows the columns of a session: start by translated, cost in the site currency, status', async () => {
    showList([
      aSession({ orderNo: 41, startBy: 'qrCode', cost: 3.08, currency: 'EUR' }),
      aSession({
        orderNo: 42,
        status: 'ongoing',
        endTime: null,
        cost: 1.5,
        currency: 'CHF',
        cardGroupName: null,
      }),
    ]);
    const row = await screen.findByTestId('session-row-41');
    expect(within(row).getByTestId('session-start-by-41').textContent).toContain('QR code');
    expect(screen.getByTestId('session-cost-41').textContent).toBe('€3.08');
    expect(screen.queryByTestId('session-cost-41-estimate')).toBeNull();
    expect(screen.getByTestId('session-status-41').textContent).toBe('Complete');
    expect(screen.getByTestId('session-energy-41').textContent).toBe('11.000');
    expect(screen.getByTestId('session-cost-42').textContent).toBe('CHF\u00a01.50');
    expect(screen.getByTestId('session-cost-42-estimate').textContent).toBe('estimate');
    expect(screen.getByTestId('session-status-42').textContent).toBe('Ongoing');
    expect(screen.getByTestId('session-card-group-42').textContent).toBe('—');
  });

  it('opens the session detail from a row', async () => {
    showList();
    fireEvent.click(await screen.findByTestId('session-row-41'));
    expect(screen.getByTestId('location').textContent).toBe('/session/detail/41');
  });

  it('sorts and filters on the server', async () => {
    const { requests } = showList();
    await screen.findByTestId('session-row-41');
    fireEvent.click(screen.getByTestId('session-sort-energy'));
    await waitFor(() =>
      expect(listBodies(requests).at(-1)).toMatchObject({ sortBy: 'energy', sortOrder: 'desc' }),
    );
    fireEvent.click(screen.getByTestId('session-sort-energy'));
    await waitFor(() =>
      expect(listBodies(requests).at(-1)).toMatchObject({ sortBy: 'energy', sortOrder: 'asc' }),
    );
    fireEvent.change(screen.getByTestId('session-filter-charger'), { target: { value: '31' } });
    fireEvent.change(screen.getByTestId('session-filter-status'), { target: { value: 'complete' } });
    await waitFor(() =>
      expect(listBodies(requests).at(-1)).toEqual({
        stationId: 7,
        chargerId: 31,
        status: 'complete',
        sortBy: 'energy',
        sortOrder: 'asc',
        pageNum: 1,
        pageSize: 10,
      }),
    );
    fireEvent.change(screen.getByTestId('session-filter-card'), { target: { value: 'CARD80' } });
    await waitFor(() => expect(listBodies(requests).at(-1)).toMatchObject({ cardId: 'CARD80' }));
  });

  it('applies a period shortcut as a range of local days', async () => {
    const { requests } = showList();
    await screen.findByTestId('session-row-41');
    fireEvent.click(screen.getByTestId('session-period-lastMonth'));
    const now = new Date();
    await waitFor(() =>
      expect(listBodies(requests).at(-1)).toMatchObject({
        startFrom: new Date(now.getFullYear(), now.getMonth() - 1, 1).toISOString(),
        startTo: new Date(now.getFullYear(), now.getMonth(), 0, 23, 59, 59, 999).toISOString(),
      }),
    );
    expect(screen.getByTestId<HTMLInputElement>('session-filter-from').value).toMatch(/-01T00:00$/);
  });

  it('refuses an end before the start with the spec message, without a call', async () => {
    const { requests } = showList();
    await screen.findByTestId('session-row-41');
    fireEvent.change(screen.getByTestId('session-filter-from'), { target: { value: '2025-03-02T10:00' } });
    await waitFor(() => expect(listBodies(requests)).toHaveLength(2));
    fireEvent.change(screen.getByTestId('session-filter-to'), { target: { value: '2025-03-01T10:00' } });
    expect(screen.getByTestId('session-filter-to-message').textContent).toBe(startAfterEndMessage);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(listBodies(requests)).toHaveLength(2);
    expect(listBodies(requests).some((body) => body.startTo !== undefined)).toBe(false);
    // Fixing the end sends the range.
    fireEvent.change(screen.getByTestId('session-filter-to'), { target: { value: '2025-03-02T10:00' } });
    await waitFor(() => expect(listBodies(requests).at(-1)).toHaveProperty('startTo'));
    expect(screen.queryByTestId('session-filter-to-message')).toBeNull();
  });

  it('never calls with a reversed range found in the URL', async () => {
    const { requests } = showList(undefined, '/sessionList?from=2025-03-02T10:00&to=2025-03-01T10:00');
    expect((await screen.findByTestId('session-filter-to-message')).textContent).toBe(startAfterEndMessage);
    expect(listBodies(requests)).toHaveLength(0);
  });

  it('says so when no session matches', async () => {
    showList([]);
    expect((await screen.findByTestId('session-list-empty')).textContent).toBe('No sessions found');
  });

  it('shows each session as a card on a phone, with energy, cost and status; a tap opens the detail', async () => {
    onAPhone();
    setStationId(7);
    setToken('session-token');
    const site = envelope(200, 'success', { timeZone: 'Asia/Tokyo' });
    const sessions = [
      aSession({ orderNo: 41, cost: 3.08, currency: 'EUR', startTime: '2025-03-03T21:30:00.000Z' }),
    ];
    const { requests } = fakeServer({
      [sessionsPath]: envelope(200, 'success', aPage(sessions)),
      '/cms-system/system/station/v2/detail': site,
    });
    renderScreen(<SessionListView chargers={[]} />);
    const card = await screen.findByTestId('session-row-41');
    expect(card.tagName).not.toBe('TR');
    expect(within(card).getByTestId('session-energy-41').textContent).toBe('11.000 kWh');
    expect(within(card).getByTestId('session-cost-41').textContent).toBe('€3.08');
    expect(within(card).getByTestId('session-status-41').textContent).toBe('Complete');
    // The start in the site's zone (Tokyo), as the table shows it.
    await waitFor(() => expect(card.textContent).toContain('Mar 4, 2025, 6:30:00'));
    // The sort fields above the cards say what they are (the table has its column headers for that).
    const sortFields = screen.getByRole('group', { name: 'Sort by' });
    expect(sortFields.contains(screen.getByTestId('session-sort-energy'))).toBe(true);
    fireEvent.click(screen.getByTestId('session-sort-energy'));
    await waitFor(() =>
      expect(listBodies(requests).at(-1)).toMatchObject({ sortBy: 'energy', sortOrder: 'desc' }),
    );
    fireEvent.click(await screen.findByTestId('session-row-41'));
    expect(screen.getByTestId('location').textContent).toBe('/session/detail/41');
  });
});
