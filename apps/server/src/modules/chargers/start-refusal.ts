import { chargerStartRefusal, codes, connectorStartRefusal, errorMessages } from '@plugboard/contract';
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
 * Why a start cannot be sent, from what the charger last reported (spec section 8's start codes, the contract's rule
 * that the console applies too); undefined when it may.
 */
export function startRefusal({ online, connectors, ongoing, connectorId }: StartState): AppError | undefined {
  const reported = connectors.map((c) => ({ connectorId: c.connector_id, status: c.status }));
  const whole = chargerStartRefusal(online, reported);
  if (whole) return new AppError(whole);
  const outlets = reported.filter((c) => c.connectorId > 0);
  if (outlets.length > 0 && !outlets.some((c) => c.connectorId === connectorId)) {
    return new AppError(
      codes.invalidInput,
      `${errorMessages[codes.invalidInput]}: connectorId: the charger has no connector ${connectorId}`,
    );
  }
  const code = connectorStartRefusal(
    reported,
    ongoing.map((s) => s.connector_id),
    connectorId,
  );
  return code && new AppError(code);
}
