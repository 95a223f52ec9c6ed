// Test helpers of the sessions feature: session builders and the screen's providers. Only tests import this file.
import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { SessionDetail, SessionItem, SessionList } from '@plugboard/contract';
import { ConfirmDialogHost } from '../../components/ui/confirm-dialog';
import { NotificationHost } from '../../components/ui/notifications';

let nextOrderNo = 900;

export function aSession(overrides: Partial<SessionItem> = {}): SessionItem {
  return {
    orderNo: overrides.orderNo ?? nextOrderNo++,
    chargerId: 31,
    chargerAlias: 'GATE',
    productCode: 'E07GATE',
    connectorId: 1,
    startBy: 'rfid',
    cardId: 'CARD80',
    cardGroupName: 'Staff',
    startTime: '2025-03-03T21:30:00.000Z',
    endTime: '2025-03-03T22:30:00.000Z',
    energyKwh: 11,
    cost: 3.08,
    currency: 'EUR',
    status: 'complete',
    meterValue: 111,
    authorization: 'Accepted',
    ...overrides,
  };
}

export function aSessionDetail(overrides: Partial<SessionDetail> = {}): SessionDetail {
  return {
    ...aSession(overrides),
    transactionId: '4711',
    meterStartKwh: 100,
    meterStopKwh: 111,
    stopReason: 'EVDisconnected',
    tariffId: 12,
    breakdown: {
      lines: [
        { kind: 'energy', band: null, quantity: 5.5, unitPrice: 0.4, amount: 1.76 },
        { kind: 'energy', band: 'Mon-Sun 23:00-24:00', quantity: 5.5, unitPrice: 0.3, amount: 1.32 },
      ],
      multiplier: 80,
      net: 2.55,
      vat: 0.53,
      gross: 3.08,
      vatRate: 21,
      pricesIncludeVat: true,
      estimate: false,
    },
    meterValues: [
      { at: '2025-03-03T21:30:00.000Z', energyKwh: 0, powerKw: 11 },
      { at: '2025-03-03T22:00:00.000Z', energyKwh: 5.5, powerKw: 11 },
      { at: '2025-03-03T22:30:00.000Z', energyKwh: 11, powerKw: 0 },
    ],
    ...overrides,
  };
}

export const aPage = (list: SessionItem[], total = list.length, totalCapped = false): SessionList => ({
  list,
  total,
  totalCapped,
  pageNum: 1,
  pageSize: 10,
});

/** Shows where the screen navigated to. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

/** Renders a sessions screen at `path` (matched by `route`) with a fresh query cache, the dialogs and toasts. */
export function renderScreen(children: ReactNode, { path = '/sessionList', route = '/sessionList' } = {}) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[path]}>
        <Routes>
          <Route path={route} element={children} />
          <Route path="*" element={null} />
        </Routes>
        <LocationProbe />
      </MemoryRouter>
      <ConfirmDialogHost />
      <NotificationHost />
    </QueryClientProvider>,
  );
  return { queryClient, ...view };
}
