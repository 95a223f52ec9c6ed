import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setStationId, setToken } from '../../../lib/storage';
import { envelope, fakeServer } from '../../../testing/fake-server';
import { deleteSessionPath } from '../api/delete-session';
import { sessionPath } from '../api/get-session';
import { aSessionDetail, renderScreen } from '../testing';
import { SessionDetailView } from './session-detail-view';

function showDetail(
  session = aSessionDetail({ orderNo: 41 }),
  deleteAnswer = envelope(200, 'success', null),
) {
  setStationId(7);
  setToken('session-token');
  const server = fakeServer({
    [sessionPath]: envelope(200, 'success', session),
    [deleteSessionPath]: deleteAnswer,
  });
  renderScreen(<SessionDetailView orderNo={41} listPath="/sessionList" onDeleted={() => {}} />, {
    path: '/session/detail/41',
    route: '/session/detail/:orderNo',
  });
  return server;
}

describe('session detail', () => {
  it('says a session that does not exist does not exist, without a retry', async () => {
    setStationId(7);
    setToken('session-token');
    fakeServer({ [sessionPath]: envelope(1039, 'The session does not exist') });
    renderScreen(<SessionDetailView orderNo={41} listPath="/sessionList" onDeleted={() => {}} />, {
      path: '/session/detail/41',
      route: '/session/detail/:orderNo',
    });
    const error = await screen.findByTestId('session-detail-error');
    expect(error.textContent).toBe('This session does not exist');
    expect(within(error).queryByRole('button')).toBeNull();
  });

  it('shows every field of the session', async () => {
    showDetail();
    expect((await screen.findByTestId('session-detail-charger')).textContent).toBe('GATE (E07GATE)');
    expect(screen.getByTestId('session-detail-start-by').textContent).toBe('RFID card');
    expect(screen.getByTestId('session-detail-card').textContent).toBe('CARD80');
    expect(screen.getByTestId('session-detail-card-group').textContent).toBe('Staff');
    expect(screen.getByTestId('session-detail-authorization').textContent).toBe('Accepted');
    expect(screen.getByTestId('session-detail-duration').textContent).toBe('1 h 0 min 0 s');
    expect(screen.getByTestId('session-detail-meter-start').textContent).toBe('100.000 kWh');
    expect(screen.getByTestId('session-detail-meter-stop').textContent).toBe('111.000 kWh');
    expect(screen.getByTestId('session-detail-stop-reason').textContent).toBe('EVDisconnected');
    expect(screen.getByTestId('session-detail-tariff').textContent).toBe('Version 12');
    expect(screen.getByTestId('session-detail-cost').textContent).toBe('€3.08');
  });

  it('breaks the cost down by band: quantity, unit price, amount, then multiplier, net, VAT and gross', async () => {
    showDetail();
    const lines = await screen.findAllByTestId('session-breakdown-line');
    expect(lines.map((line) => [...line.querySelectorAll('td')].map((cell) => cell.textContent))).toEqual([
      ['EnergyBase prices', '5.5 kWh', '€0.40', '€1.76'],
      ['EnergyMon-Sun 23:00-24:00', '5.5 kWh', '€0.30', '€1.32'],
    ]);
    expect(screen.getByTestId('session-breakdown-multiplier').textContent).toBe('80 %');
    expect(screen.getByTestId('session-breakdown-net').textContent).toBe('€2.55');
    expect(screen.getByTestId('session-breakdown-vat').textContent).toBe('€0.53');
    expect(screen.getByTestId('session-breakdown-gross').textContent).toBe('€3.08');
    expect(screen.queryByTestId('session-breakdown-estimate')).toBeNull();
  });

  it('marks the cost of an ongoing session as an estimate, and does not offer delete', async () => {
    const base = aSessionDetail({ orderNo: 41, status: 'ongoing', endTime: null });
    showDetail({ ...base, breakdown: base.breakdown && { ...base.breakdown, estimate: true } });
    expect(await screen.findByTestId('session-breakdown-estimate')).toBeTruthy();
    expect(screen.getByTestId('session-detail-cost-estimate').textContent).toBe('estimate');
    expect(screen.getByTestId<HTMLButtonElement>('session-delete').disabled).toBe(true);
  });

  it('says a session without a tariff is not priced', async () => {
    showDetail(aSessionDetail({ orderNo: 41, cost: null, breakdown: null, tariffId: null }));
    expect((await screen.findByTestId('session-breakdown-none')).textContent).toContain('not priced');
    expect(screen.getByTestId('session-detail-tariff').textContent).toBe('None (not priced)');
  });

  it('charts power and energy from every meter value', async () => {
    showDetail();
    const chart = await screen.findByTestId('session-chart');
    expect(within(chart).getByTestId('session-chart-series-power').dataset.count).toBe('3');
    expect(within(chart).getByTestId('session-chart-series-energy').dataset.count).toBe('3');
  });

  it('labels the time axis of a session of under a minute with seconds, each tick differently', async () => {
    const at = (second: number) =>
      new Date(Date.parse('2025-03-03T21:30:00.000Z') + second * 1000).toISOString();
    showDetail(
      aSessionDetail({
        orderNo: 41,
        meterValues: [0, 10, 20, 30, 43].map((second) => ({
          at: at(second),
          energyKwh: second / 1000,
          powerKw: 11,
        })),
      }),
    );
    const chart = await screen.findByTestId('session-chart');
    const ticks = [...chart.querySelectorAll('.MuiChartsAxis-bottom .MuiChartsAxis-tickLabel')].map(
      (tick) => tick.textContent,
    );
    // Hours and minutes alone read the same time on every tick.
    expect(ticks.length).toBeGreaterThan(2);
    expect(new Set(ticks).size).toBe(ticks.length);
  });

  it('deletes only after the irreversible confirm', async () => {
    const { requests } = showDetail();
    fireEvent.click(await screen.findByTestId('session-delete'));
    const dialog = await screen.findByTestId('confirm-dialog');
    expect(within(dialog).getByTestId('confirm-dialog-content').textContent).toContain('cannot be undone');
    fireEvent.click(within(dialog).getByTestId('confirm-dialog-cancel'));
    await waitFor(() => expect(screen.queryByTestId('confirm-dialog')).toBeNull());
    expect(requests.some((request) => request.path === deleteSessionPath)).toBe(false);

    fireEvent.click(screen.getByTestId('session-delete'));
    fireEvent.click(within(await screen.findByTestId('confirm-dialog')).getByTestId('confirm-dialog-ok'));
    await waitFor(() => expect(screen.getByTestId('toast').textContent).toContain('Session 41 deleted'));
    // The gone session is not asked for again (its answer would replace the toast with an error).
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(requests.filter((request) => request.path === sessionPath)).toHaveLength(1);
    expect(requests.find((request) => request.path === deleteSessionPath)?.body).toEqual({
      stationId: 7,
      orderNo: 41,
    });
  });
});
