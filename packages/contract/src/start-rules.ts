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
