// Test helpers of the chargers feature: a charger builder, the screen's providers, and a fake WebSocket. Only tests
// import this file.
import type { ReactNode } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Charger } from '@plugboard/contract';
import { ConfirmDialogHost } from '../../components/ui/confirm-dialog';
import { NotificationHost } from '../../components/ui/notifications';

let nextId = 500;

export function aCharger(overrides: Partial<Charger> = {}): Charger {
  const id = overrides.id ?? nextId++;
  return {
    id,
    stationId: 7,
    productCode: `E07SIM${id}`,
    alias: `SIM${id}`,
    pinHint: '••••4',
    securityProfile: 1,
    modelName: 'Simulator',
    vendor: 'Plugboard',
    ratedPowerW: 11_000,
    chargerType: 'socket',
    connectivity: 'WiFi',
    status: 'available',
    errorCode: null,
    connected: true,
    lastSeenAt: '2025-03-01T10:00:00.000Z',
    firmwareVersion: '1.0.0',
    newFirmwareVersion: null,
    firmwareStatus: null,
    firmwareRequestId: null,
    newFirmwareSigned: false,
    totalCurrentA: null,
    currentL1: null,
    currentL2: null,
    currentL3: null,
    capacityL1: 16,
    capacityL2: 16,
    capacityL3: 16,
    connectors: [{ connectorId: 1, status: 'available', errorCode: null }],
    ongoingSession: null,
    ongoingSessions: [],
    createdAt: '2025-03-01T09:00:00.000Z',
    ...overrides,
  };
}

/** Renders part of the chargers screen with a fresh query cache, the confirm dialog and the toasts. */
export function renderWithHosts(children: ReactNode) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <QueryClientProvider client={queryClient}>
      {children}
      <ConfirmDialogHost />
      <NotificationHost />
    </QueryClientProvider>,
  );
  return { queryClient, ...view };
}

export { FakeWebSocket } from '../../testing/fake-web-socket';
