import { codes, errorMessages, startRefusalOf as refusalOf, wholeChargerStatuses } from '@plugboard/contract';
import { AppError } from '../../lib/app-error.ts';
import type { ConnectorRow } from './chargers.repository.ts';

type StartState = {
  /** The charger has a socket on a node (its row says connected). */
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
  if (!online) return new AppError(codes.startChargerOffline);
  const whole = connectors.find((c) => c.connector_id === 0);
  // Connector 0 speaks for the whole charger: faulted, recovering from a fault (7006) or unavailable (7008).
  const wholeCode = whole && wholeChargerStatuses.includes(whole.status) && refusalOf(whole.status);
  if (wholeCode) return new AppError(wholeCode);
  const outlets = connectors.filter((c) => c.connector_id > 0);
  const target = outlets.find((c) => c.connector_id === connectorId);
  if (outlets.length > 0 && !target) {
    return new AppError(
      codes.invalidInput,
      `${errorMessages[codes.invalidInput]}: connectorId: the charger has no connector ${connectorId}`,
    );
  }
  const code = target && refusalOf(target.status);
  if (code) return new AppError(code);
  if (ongoing.some((s) => s.connector_id === connectorId)) return new AppError(codes.startConnectorCharging);
  return undefined;
}
