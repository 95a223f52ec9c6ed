import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { envelope, fakeServer } from '../../../testing/fake-server';
import { overviewNowPath } from '../api/get-overview-now';
import { overviewPeriodPath } from '../api/get-overview-period';
import { aNow, aPeriod, renderOverview, someTotals } from '../testing';
import { OverviewView } from './overview-view';

function showOverview(search = '', now = aNow(), period = aPeriod()) {
  const server = fakeServer({
    [overviewNowPath]: envelope(200, 'success', now),
    [overviewPeriodPath]: envelope(200, 'success', period),
  });
  const view = renderOverview(
    <OverviewView renderStatus={(status) => <span data-testid={`chip-${status}`}>{status}</span>} />,
    search,
  );
  const periodBodies = () => server.requests.filter((r) => r.path === overviewPeriodPath).map((r) => r.body);
  return { ...server, ...view, periodBodies };
}

const text = (testId: string) => screen.getByTestId(testId).textContent;

describe('overview', () => {
  it('shows the chargers by status, each a link to the chargers list filtered by it', async () => {
    showOverview();
    const charging = await screen.findByTestId('overview-status-charging');
    expect(charging.getAttribute('href')).toBe('/chargeList?status=charging');
    expect(charging.textContent).toBe('charging2');
    expect(charging.getAttribute('aria-label')).toBe('Show these 2 chargers in the chargers list');
    expect(screen.getByTestId('overview-status-faulted').getAttribute('href')).toBe(
      '/chargeList?status=faulted',
    );
    expect(text('overview-chargers')).toContain('4 chargers');
    expect(text('overview-ongoing')).toBe('2 sessions ongoing');
  });

  it('shows the power now against the capacity, and each phase, an overloaded one in red', async () => {
    showOverview();
    expect((await screen.findByTestId('overview-power-now')).textContent).toBe('14.5 kW');
    expect(text('overview-power')).toContain('of 22 kW capacity');
    expect(text('overview-phase-L1')).toBe('L1: 21 A of 32 A');
    expect(text('overview-phase-L3')).toBe('L3: 33.2 A of 32 A');
    const bar = within(screen.getByTestId('overview-phase-L3')).getByRole('progressbar');
    expect(bar.className).toContain('Error');
  });

  it('lists the chargers that need attention with their error, or says that all is well', async () => {
    showOverview();
    const gate = await screen.findByTestId('overview-attention-12');
    expect(gate.textContent).toBe('faultedGate (E07GATE)GroundFailure');
    expect(gate.getAttribute('href')).toBe('/chargeList?status=faulted');
  });

  it('says so when no charger is faulted or offline', async () => {
    showOverview('', aNow({ attention: [] }));
    expect((await screen.findByTestId('overview-attention')).textContent).toContain(
      'No charger is faulted or offline',
    );
  });

  it("shows the period's figures exactly in the site's currency, each against the previous period", async () => {
    showOverview();
    expect((await screen.findByTestId('overview-figure-grossMinor-value')).textContent).toBe('€14,938.26');
    expect(text('overview-figure-grossMinor-detail')).toBe('Net €12,345.67');
    expect(text('overview-figure-grossMinor-change')).toBe('+49% against €10,000.00');
    expect(text('overview-figure-sessions-change')).toBe('+25% against 4');
    expect(text('overview-figure-energyWh-value')).toBe('61.234 kWh');
    expect(text('overview-figure-averageDurationS-value')).toBe('1 h 31 min');
    expect(text('overview-figure-utilisation-value')).toBe('12.5%');
    expect(text('overview-figure-distinctCards-value')).toBe('3');
    expect(text('overview-range')).toBe(
      'Mar 10, 2026 (time zone Europe/Amsterdam), compared with Mar 9, 2026',
    );
  });

  it('writes money with the digits of its currency, and a mark where there is nothing to average', async () => {
    const empty = someTotals({ sessions: 0, energyWh: 0, netMinor: 0, grossMinor: 0 });
    showOverview(
      '',
      aNow(),
      aPeriod({
        currency: 'JPY',
        minorDigits: 0,
        totals: someTotals({ grossMinor: 123_456, averageDurationS: null, averageEnergyWh: null }),
        previousTotals: { ...empty, averageDurationS: null, averageEnergyWh: null, utilisation: null },
      }),
    );
    expect((await screen.findByTestId('overview-figure-grossMinor-value')).textContent).toBe('¥123,456');
    expect(text('overview-figure-averageDurationS-value')).toBe('—');
    expect(text('overview-figure-grossMinor-change')).toBe('Previous period: ¥0');
  });

  it('charts every hour of the day, the empty ones at zero, and the sessions by start source', async () => {
    showOverview();
    const energy = await screen.findByTestId('overview-chart-energy-data');
    expect(energy.getAttribute('data-points')).toBe('24');
    expect(energy.getAttribute('data-total')).toBe('61234');
    expect(screen.getByTestId('overview-chart-revenue-data').getAttribute('data-total')).toBe('1493826');
    expect(text('overview-chart-energy')).toContain('Energy (kWh) · per hour');
    expect(text('overview-chart-start-by')).toContain('RFID card');
  });

  it('lists the busiest chargers and cards, a deleted charger by its name', async () => {
    showOverview();
    const rows = await screen.findAllByTestId('overview-top-chargers-row');
    expect(rows.map((r) => r.textContent)).toEqual(['Gate (E07GATE)340 kWh', 'OLD1221.234 kWh']);
    expect(screen.getAllByTestId('overview-top-cards-row').map((r) => r.textContent)).toEqual([
      'CARD80561.234 kWh',
    ]);
  });

  it('asks for today first, and for the period chosen, kept in the address', async () => {
    const { periodBodies } = showOverview();
    await screen.findByTestId('overview-figures');
    expect(periodBodies()).toEqual([{ stationId: 7, period: 'today' }]);
    fireEvent.mouseDown(screen.getByRole('combobox', { name: 'Period' }));
    fireEvent.click(await screen.findByTestId('overview-period-lastMonth'));
    await waitFor(() => expect(periodBodies()).toContainEqual({ stationId: 7, period: 'lastMonth' }));
    expect(text('location')).toBe('/overview?period=lastMonth');
  });

  it('asks for a custom range once both days are chosen in order, and not before', async () => {
    const { periodBodies } = showOverview('?period=custom&firstDay=2026-03-10&lastDay=2026-03-01');
    expect(await screen.findByText('The last day must not be before the first')).toBeTruthy();
    expect(periodBodies()).toEqual([]);
    fireEvent.change(screen.getByTestId('overview-last-day'), { target: { value: '2026-03-31' } });
    await waitFor(() =>
      expect(periodBodies()).toEqual([
        { stationId: 7, period: 'custom', firstDay: '2026-03-10', lastDay: '2026-03-31' },
      ]),
    );
  });

  it('links to the sessions list filtered by the same start times and status', async () => {
    showOverview();
    const link = await screen.findByTestId('overview-session-list-link');
    const url = new URL(link.getAttribute('href') ?? '', 'http://x');
    expect(url.pathname).toBe('/sessionList');
    expect(url.searchParams.get('status')).toBe('complete');
    const local = (value: string | null) => new Date(value ?? '').getTime();
    // The list takes both ends in the browser's zone, the end to the last second of its minute.
    expect(local(url.searchParams.get('from'))).toBe(Date.parse('2026-03-09T23:00:00.000Z'));
    expect(local(url.searchParams.get('to')) + 60_000).toBe(Date.parse('2026-03-10T23:00:00.000Z'));
  });

  it('says when the figures could not be loaded', async () => {
    fakeServer({
      [overviewNowPath]: envelope(200, 'success', aNow()),
      [overviewPeriodPath]: { status: 500, body: { status: 500, msg: 'boom', data: null } },
    });
    renderOverview(<OverviewView renderStatus={() => null} />);
    expect(await screen.findByText('The overview could not be loaded')).toBeTruthy();
  });
});
