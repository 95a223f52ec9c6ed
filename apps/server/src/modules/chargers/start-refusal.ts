import { errorMessages, type ChargerStatus, type ErrorCode } from '@plugboard/contract';
import { AppError } from '../../lib/app-error.ts';
import type { ConnectorRow } from './chargers.repository.ts';

type StartState = {
  /** The charger has a socket on this node. */
  online: boolean;
  connectors: Pick<ConnectorRow, 'connector_id' | 'status'>[];
  ongoing: { connector_id: number }[];
  connectorId: number;
};

/**
 * Why a start cannot be sent, from what the charger last reported (spec section 8's start codes); undefined when it
 * may. A connector it never reported is given the benefit of the doubt: the charger answers for it.
 */
export function startRefusal({ online, connectors, ongoing, connectorId }: StartState): AppError | undefined {
  if (!online) return new AppError(7007);
  const whole = connectors.find((c) => c.connector_id === 0);
  if (whole?.status === 'faulted') return new AppError(7006);
  if (whole?.status === 'unavailable') return new AppError(7008);
  const outlets = connectors.filter((c) => c.connector_id > 0);
  const target = outlets.find((c) => c.connector_id === connectorId);
  if (outlets.length > 0 && !target) {
    return new AppError(
      4129,
      `${errorMessages[4129]}: connectorId: the charger has no connector ${connectorId}`,
    );
  }
  const code = target && refusalOf(target.status);
  if (code) return new AppError(code);
  if (ongoing.some((s) => s.connector_id === connectorId)) return new AppError(7000);
  return undefined;
}

function refusalOf(status: ChargerStatus): ErrorCode | undefined {
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
      return 7000;
    case 'waitingForEv':
      return 7003;
    case 'chargingComplete':
      return 7005;
    case 'faulted':
    case 'recoveringFromFault':
      return 7006;
    case 'unavailable':
    case 'disconnected':
      return 7008;
    case 'offline':
      return 7007;
  }
}
