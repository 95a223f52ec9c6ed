import type { ChargerStatus } from './chargers.ts';
import { codes, type ErrorCode } from './errors.ts';

/** Statuses of connector 0 that hold for every connector of the charger. */
export const wholeChargerStatuses: readonly ChargerStatus[] = [
  'faulted',
  'recoveringFromFault',
  'unavailable',
];

/**
 * Why a start cannot be sent to a connector in this status (spec section 8's start codes), or undefined when it
 * may. One rule for the server, which refuses, and the console, which offers only what the server would send.
 */
export function startRefusalOf(status: ChargerStatus): ErrorCode | undefined {
  switch (status) {
    case 'available':
    case 'ready':
    case 'online':
      return undefined;
    // A transaction runs, whether energy flows or the charger or load manager holds it back.
    case 'charging':
    case 'queuing':
    case 'scheduled':
    case 'waitingForGridCapacity':
    case 'waitingForSurplus':
    case 'waitingForRandomizedDelay':
      return codes.startConnectorCharging;
    case 'waitingForEv':
      return codes.startWaitingForEv;
    case 'chargingComplete':
      return codes.startChargingComplete;
    case 'faulted':
    case 'recoveringFromFault':
      return codes.startChargerFaulted;
    case 'unavailable':
    case 'disconnected':
      return codes.startChargerUnavailable;
    case 'offline':
      return codes.startChargerOffline;
  }
}

type ReportedConnector = { connectorId: number; status: ChargerStatus };

/** Why no connector of the charger can start: offline, or connector 0 speaking for the whole charger. */
export function chargerStartRefusal(
  online: boolean,
  connectors: readonly ReportedConnector[],
): ErrorCode | undefined {
  if (!online) return codes.startChargerOffline;
  const whole = connectors.find((c) => c.connectorId === 0);
  // Faulted, recovering from a fault (7006) or unavailable (7008).
  return whole && wholeChargerStatuses.includes(whole.status) ? startRefusalOf(whole.status) : undefined;
}

/**
 * Why this connector cannot start: what it last reported, or a session already on it. A connector never reported is
 * given the benefit of the doubt: the charger answers for it.
 */
export function connectorStartRefusal(
  connectors: readonly ReportedConnector[],
  ongoingConnectorIds: readonly number[],
  connectorId: number,
): ErrorCode | undefined {
  const target = connectors.find((c) => c.connectorId === connectorId);
  const code = target && startRefusalOf(target.status);
  if (code) return code;
  return ongoingConnectorIds.includes(connectorId) ? codes.startConnectorCharging : undefined;
}
