import { codes } from '@plugboard/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import type { EventBus } from '../../lib/event-bus.ts';
import { rowBatcher } from '../../lib/row-batcher.ts';
import { chargerStatusOf } from './charger-status.ts';
import type { ChargerState, ConnectorRow } from './chargers.repository.ts';
import type { ConnectorReport, StatusMapper } from './chargers.service.ts';
import { connectorStatusesRepository } from './connector-statuses.repository.ts';
import { statusEvent } from './status-event.ts';

/** One StatusNotification to apply: whose, what, and how the protocol's status reads on the console. */
export type StatusReport = { chargerId: number; report: ConnectorReport; mapStatus: StatusMapper; at: Date };

type Deps = { db: Db; events: Pick<EventBus, 'append'> };

/**
 * Applies StatusNotifications. Those arriving in the same turn of the event loop (many chargers at once, as after a
 * site's power comes back or a node's chargers reconnect) share one transaction of three statements (read and lock,
 * write, events), whatever their number, where each took five of its own: `npm run bench:ocpp` measured a status as
 * PostgreSQL's most costly message (and each statement is a round trip of the node's CPU too).
 * Each caller's promise settles once its report is committed; a group that fails is retried report by report, so
 * that one charger deleted meanwhile fails alone (lib/row-batcher.ts).
 *
 * Within a group, reports apply in arrival order, as one by one: a report older than its connector's stored one
 * changes nothing, the charger's status is recomputed from its connectors after each, and each applied report writes
 * its `charger.status` event with the charger as that report left it.
 */
export function connectorStatuses({ db, events }: Deps) {
  const apply = (reports: StatusReport[]) =>
    db.transaction().execute(async (trx) => {
      const repo = connectorStatusesRepository(trx);
      const ids = [...new Set(reports.map((r) => r.chargerId))].sort((a, b) => a - b);
      const locked = await repo.lockWithConnectors(ids);
      if (locked.length < ids.length) throw new AppError(codes.chargerNotFound);
      const chargers = new Map(locked.map(({ charger }) => [charger.id, charger]));
      const connectors = new Map(
        locked.map((l) => [l.charger.id, new Map(l.connectors.map((row) => [row.connector_id, row]))]),
      );

      const changedConnectors = new Map<string, ConnectorRow>();
      const changedChargers = new Set<number>();
      const announced: { state: ChargerState; connector: ConnectorRow }[] = [];
      for (const { chargerId, report, mapStatus, at } of reports) {
        const own = connectors.get(chargerId)!;
        const previous = own.get(report.connectorId);
        if (previous && previous.status_at > report.timestamp) continue;
        const row: ConnectorRow = {
          charger_id: chargerId,
          connector_id: report.connectorId,
          status: mapStatus(report, previous),
          ocpp_status: report.ocppStatus,
          error_code: report.errorCode,
          info: report.info,
          vendor_error_code: report.vendorErrorCode,
          status_at: report.timestamp,
          updated_at: at,
        };
        own.set(report.connectorId, row);
        changedConnectors.set(`${chargerId}:${report.connectorId}`, row);
        let state = chargers.get(chargerId)!;
        // A charger that is not (or no longer) connected stays offline; its connectors still keep their news.
        if (state.connected) {
          const { status, errorCode } = chargerStatusOf(
            [...own.values()]
              .sort((a, b) => a.connector_id - b.connector_id)
              .map((c) => ({ connectorId: c.connector_id, status: c.status, errorCode: c.error_code })),
          );
          state = { ...state, status, error_code: errorCode };
          chargers.set(chargerId, state);
          changedChargers.add(chargerId);
        }
        announced.push({ state, connector: row });
      }
      if (announced.length === 0) return;

      await repo.write(
        [...changedConnectors.values()],
        [...changedChargers].map((id) => {
          const { status, error_code } = chargers.get(id)!;
          return { id, status, errorCode: error_code };
        }),
        reports[reports.length - 1]!.at,
      );
      await events.append(trx, 'charger.status', ...announced.map((a) => statusEvent(a.state, a.connector)));
    });

  // A status waits up to 10 ms for others to share its transaction (lib/row-batcher.ts says why).
  const record = rowBatcher(apply, 500, 2, 10);
  return { record: (report: StatusReport): Promise<void> => record([report]) };
}
