import { wholeChargerStatuses, type ChargerStatus } from '@plugboard/contract';

export type ConnectorState = { connectorId: number; status: ChargerStatus; errorCode: string };

// Which connector speaks for a charger with several: the one that most needs the operator's eye, then the one
// doing the most. A charger with one connector just shows that connector.
const precedence: readonly ChargerStatus[] = [
  'faulted',
  'recoveringFromFault',
  'charging',
  'waitingForEv',
  'queuing',
  'scheduled',
  'waitingForGridCapacity',
  'waitingForSurplus',
  'waitingForRandomizedDelay',
  'ready',
  'chargingComplete',
  'available',
  'unavailable',
  'disconnected',
  'online',
  'offline',
];

/**
 * The status and error code of a connected charger from its connectors' (docs/ocpp.md). Connector 0 stands for
 * the whole charger: when it is faulted, recovering from a fault or unavailable, so is the charger; otherwise the
 * real connectors decide.
 */
export function chargerStatusOf(connectors: readonly ConnectorState[]): {
  status: ChargerStatus;
  errorCode: string | null;
} {
  const whole = connectors.find((c) => c.connectorId === 0);
  const outlets = connectors.filter((c) => c.connectorId > 0);
  const errorOf = (c: ConnectorState | undefined) => (c && c.errorCode !== 'NoError' ? c.errorCode : null);

  if (whole && wholeChargerStatuses.includes(whole.status)) {
    return { status: whole.status, errorCode: errorOf(whole) };
  }
  const ranked = [...outlets].sort((a, b) => precedence.indexOf(a.status) - precedence.indexOf(b.status));
  const first = ranked[0] ?? whole;
  if (!first) return { status: 'online', errorCode: null };
  const withError = [whole, ...ranked].find((c) => errorOf(c) !== null);
  return { status: first.status, errorCode: errorOf(first) ?? errorOf(withError) };
}
