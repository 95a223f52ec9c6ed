import type { ChargerStatus } from '@plugboard/contract';
import type { Db } from '../../db/client.ts';
import type { EventBus } from '../../lib/event-bus.ts';
import { chargersRepository } from './chargers.repository.ts';
import { connectorStatuses } from './connector-statuses.ts';
import { holdStatuses, type HoldReason } from './hold-reason.ts';

export type ChargerHoldsDeps = { db: Db; events: Pick<EventBus, 'append'>; now: () => Date };

/**
 * The hook for whoever holds a car back on a charger's behalf (load management, issue 16): it says why, and a
 * connector the charger reports SuspendedEVSE shows it (`waitingForGridCapacity`, `scheduled`, ...) instead of
 * `queuing`, until the charger reports another status. It goes through the status notifications' own path, as the
 * connector's last report with another console status: a newer report that arrived meanwhile wins.
 */
export function chargerHolds({ db, events, now }: ChargerHoldsDeps) {
  const repo = chargersRepository(db);
  const statuses = connectorStatuses({ db, events });
  return {
    /**
     * Why the connector is held back (null: no known reason, `queuing`). False when the connector is not held back
     * (it does not report SuspendedEVSE), so there is nothing to explain.
     */
    recordHoldReason: async (
      chargerId: number,
      connectorId: number,
      reason: HoldReason | null,
    ): Promise<boolean> => {
      const connector = (await repo.connectors(chargerId)).find((c) => c.connector_id === connectorId);
      if (connector?.ocpp_status !== 'SuspendedEVSE') return false;
      const status: ChargerStatus = reason ? holdStatuses[reason] : 'queuing';
      if (connector.status === status) return true;
      await statuses.record({
        chargerId,
        report: {
          connectorId,
          ocppStatus: connector.ocpp_status,
          errorCode: connector.error_code,
          info: connector.info,
          vendorErrorCode: connector.vendor_error_code,
          timestamp: connector.status_at,
        },
        mapStatus: () => status,
        at: now(),
      });
      return true;
    },
  };
}

export type ChargerHolds = ReturnType<typeof chargerHolds>;
