// Test helpers of the load screen: an answer of its detail call, and the screen with its providers. Only tests
// import this.
import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { LoadCharger, LoadDetail } from '@plugboard/contract';
import { setStationId, setToken } from '../../lib/storage';

export function aLoadCharger(overrides: Partial<LoadCharger> = {}): LoadCharger {
  return {
    chargerId: 1,
    alias: 'Gate',
    productCode: 'E07GATE',
    connected: true,
    charging: true,
    phases: 3,
    wiring: [1, 2, 3],
    minA: 6,
    maxA: null,
    ratedA: 32,
    limitA: 16,
    reason: 'fairShare',
    sitePhasesA: [16, 16, 16],
    measuredA: [15.9, 15.8, 16],
    fallbackA: 10.6,
    rejectsProfiles: false,
    rateUnit: 'A',
    ...overrides,
  };
}

/** A 32 A three-phase site sharing between two cars, load management on. */
export function aLoadDetail(overrides: Partial<LoadDetail> = {}): LoadDetail {
  return {
    isOpenLoad: 1,
    sitePhases: 3,
    capacityA: [32, 32, 32],
    timeZone: 'Europe/Amsterdam',
    phases: (['L1', 'L2', 'L3'] as const).map((phase) => ({
      phase,
      limitA: 32,
      reservedA: 0,
      allocatedA: 32,
      measuredA: 31.7,
    })),
    chargers: [aLoadCharger(), aLoadCharger({ chargerId: 2, alias: 'Yard', productCode: 'E07YARD' })],
    bands: [],
    activeBand: null,
    rotationMinutes: 15,
    nextChangeAt: null,
    computedAt: '2026-03-10T08:00:00.000Z',
    meter: null,
    ...overrides,
  };
}

/** Renders `children` for site 7 with a fresh cache. */
export function renderLoad(children: ReactNode) {
  setStationId(7);
  setToken('session-token');
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/load']}>{children}</MemoryRouter>
    </QueryClientProvider>,
  );
}
