// Test helpers of the overview: answers of its two calls, and the screen with its providers. Only tests import this.
import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { OverviewNow, OverviewPeriod, OverviewTotals } from '@plugboard/contract';
import { setStationId, setToken } from '../../lib/storage';

export function aNow(overrides: Partial<OverviewNow> = {}): OverviewNow {
  return {
    chargers: 4,
    byStatus: [
      { status: 'charging', chargers: 2 },
      { status: 'available', chargers: 1 },
      { status: 'faulted', chargers: 1 },
    ],
    ongoingSessions: 2,
    powerW: 14_500,
    capacityW: 22_000,
    phases: [
      { phase: 'L1', currentA: 21, capacityA: 32 },
      { phase: 'L2', currentA: 20.5, capacityA: 32 },
      { phase: 'L3', currentA: 33.2, capacityA: 32 },
    ],
    attention: [
      {
        chargerId: 12,
        alias: 'Gate',
        productCode: 'E07GATE',
        status: 'faulted',
        errorCode: 'GroundFailure',
        lastSeenAt: '2026-03-10T08:00:00.000Z',
      },
    ],
    ...overrides,
  };
}

export function someTotals(overrides: Partial<OverviewTotals> = {}): OverviewTotals {
  return {
    sessions: 5,
    energyWh: 61_234,
    netMinor: 1_234_567,
    grossMinor: 1_493_826,
    averageDurationS: 5_460,
    averageEnergyWh: 12_247,
    utilisation: 0.125,
    distinctCards: 3,
    ...overrides,
  };
}

/** A day in Amsterdam (10 March 2026, UTC+1) with two hours of sessions. */
export function aPeriod(overrides: Partial<OverviewPeriod> = {}): OverviewPeriod {
  return {
    period: { from: '2026-03-09T23:00:00.000Z', to: '2026-03-10T23:00:00.000Z' },
    previous: { from: '2026-03-08T23:00:00.000Z', to: '2026-03-09T23:00:00.000Z' },
    timeZone: 'Europe/Amsterdam',
    currency: 'EUR',
    minorDigits: 2,
    totals: someTotals(),
    previousTotals: someTotals({ sessions: 4, grossMinor: 1_000_000 }),
    bucket: 'hour',
    series: [
      { at: '2026-03-10T08:00', sessions: 3, energyWh: 40_000, netMinor: 800_000, grossMinor: 968_000 },
      { at: '2026-03-10T17:00', sessions: 2, energyWh: 21_234, netMinor: 434_567, grossMinor: 525_826 },
    ],
    byStartBy: [
      { startBy: 'rfid', sessions: 4 },
      { startBy: 'remoteApp', sessions: 1 },
    ],
    topChargers: [
      { chargerId: 12, alias: 'Gate', productCode: 'E07GATE', sessions: 3, energyWh: 40_000 },
      { chargerId: null, alias: 'OLD1', productCode: 'OLD1', sessions: 2, energyWh: 21_234 },
    ],
    topCards: [{ cardId: 'CARD80', sessions: 5, energyWh: 61_234 }],
    ...overrides,
  };
}

function LocationProbe() {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname}${location.search}`}</div>;
}

/** Renders `children` on /overview (with `search`) for site 7, with a fresh cache and a probe of the location. */
export function renderOverview(children: ReactNode, search = '') {
  setStationId(7);
  setToken('session-token');
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[`/overview${search}`]}>
        <Routes>
          <Route path="/overview" element={children} />
          <Route path="*" element={null} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return { queryClient, ...view };
}
