import type { Db } from '../../db/client.ts';
import type { EventBus } from '../../lib/event-bus.ts';
import { callBatcher } from '../../lib/call-batcher.ts';
import { chargerStatusOf } from './charger-status.ts';
import type { ChargerState, ConnectorRow } from './chargers.repository.ts';
import type { BootInfo, SocketHolder } from './chargers.service.ts';
import { chargerConnectionsRepository, type BootWrite } from './charger-connections.repository.ts';
import { firmwareAfterBoot } from './firmware-status.ts';
import { statusEvent } from './status-event.ts';

type Deps = { db: Db; events: Pick<EventBus, 'append'> };

type Connect = { chargerId: number; socket: SocketHolder; at: Date };
type Boot = { chargerId: number; boot: BootInfo; at: Date };
type Disconnect = { chargerId: number; connectionId: string; at: Date };

/** The status a connected charger shows: from its connectors, or 'online' until it reports any. */
const statusFrom = (connectors: ConnectorRow[]) =>
  chargerStatusOf(
    connectors.map((c) => ({ connectorId: c.connector_id, status: c.status, errorCode: c.error_code })),
  );

const byCharger = (rows: ConnectorRow[]) => {
  const map = new Map<number, ConnectorRow[]>();
  for (const row of rows) map.set(row.charger_id, [...(map.get(row.charger_id) ?? []), row]);
  for (const list of map.values()) list.sort((a, b) => a.connector_id - b.connector_id);
  return map;
};

const sortedIds = (ids: number[]) => [...new Set(ids)].sort((a, b) => a - b);

/**
 * How long a connection's write waits for others to share its transaction. A write transaction's cost (its round
 * trips, its commit's WAL flush, its notification heard on every node) hardly depends on its rows, and a reconnect
 * storm's groups were small where the database kept up (bench/ocpp README, session 12). The boot's answer waits
 * this much more at most, as a status's does (connector-statuses.ts).
 */
const windowMs = 10;

/**
 * A charger's socket opening, its BootNotification and its socket closing: the three writes every connection makes.
 * Those made together (in the same turn of the event loop, or while earlier ones are being written, as a group
 * commit: lib/call-batcher.ts) share one transaction of 6, 6 and 4 statements, where each charger took 6, 7 and 4 of
 * its own (`npm run bench:ocpp` measured a connection's PostgreSQL round trips as most of its cost). Each applies as
 * it did one by one: the same rows, the same `charger.status` event per charger, in its transaction. A charger appears
 * once per transaction, and in one running transaction at most (the batcher's key), so that two writes of one charger
 * apply in their order.
 */
export function chargerConnections({ db, events }: Deps) {
  const announce = async (
    trx: Parameters<typeof events.append>[0],
    states: ChargerState[],
    ids: number[],
  ) => {
    const byId = new Map(states.map((s) => [s.id, s]));
    // In the callers' order, as one by one.
    const ordered = ids.map((id) => byId.get(id)).filter((s) => s !== undefined);
    await events.append(trx, 'charger.status', ...ordered.map((s) => statusEvent(s)));
  };

  const connect = callBatcher(
    (calls: Connect[]): Promise<(SocketHolder | undefined)[]> =>
      db.transaction().execute(async (trx) => {
        const repo = chargerConnectionsRepository(trx);
        const ids = sortedIds(calls.map((c) => c.chargerId));
        const before = new Map((await repo.lockHolders(ids)).map((r) => [r.id, r]));
        const found = ids.filter((id) => before.has(id));
        if (found.length === 0) return calls.map(() => undefined);
        const connectors = byCharger(await repo.connectorsOf(found));
        const states = await repo.setConnected(
          calls
            .filter((c) => before.has(c.chargerId))
            .map((c) => {
              const { status, errorCode } = statusFrom(connectors.get(c.chargerId) ?? []);
              return {
                id: c.chargerId,
                connectionId: c.socket.connectionId,
                nodeId: c.socket.nodeId,
                status,
                errorCode,
                at: c.at,
              };
            }),
        );
        await announce(
          trx,
          states,
          calls.map((c) => c.chargerId),
        );
        return calls.map((c) => {
          const row = before.get(c.chargerId);
          return row?.node_id && row.connection_id && row.node_id !== c.socket.nodeId
            ? { nodeId: row.node_id, connectionId: row.connection_id }
            : undefined;
        });
      }),
    { key: (c) => c.chargerId, windowMs },
  );

  const boot = callBatcher(
    (calls: Boot[]): Promise<void[]> =>
      db.transaction().execute(async (trx) => {
        const repo = chargerConnectionsRepository(trx);
        const ids = sortedIds(calls.map((c) => c.chargerId));
        const locked = new Map((await repo.lockForBoot(ids)).map((r) => [r.id, r]));
        const found = ids.filter((id) => locked.has(id));
        if (found.length === 0) return calls.map(() => undefined);
        const at = calls[calls.length - 1]!.at;
        const connectors = byCharger(await repo.forgetConnectorStatuses(found, at));
        const writes: BootWrite[] = [];
        for (const { chargerId, boot: b, at } of calls) {
          const before = locked.get(chargerId);
          if (!before) continue;
          const { status, errorCode } = statusFrom(connectors.get(chargerId) ?? []);
          const firmware = firmwareAfterBoot(before, b.firmwareVersion);
          writes.push({
            id: chargerId,
            vendor: b.vendor,
            model: b.model,
            serialNumber: b.serialNumber,
            firmwareVersion: b.firmwareVersion,
            iccid: b.iccid,
            imsi: b.imsi,
            meterType: b.meterType,
            meterSerialNumber: b.meterSerialNumber,
            // A charger no longer connected keeps 'offline'.
            status: before.connected ? status : before.status,
            errorCode: before.connected ? errorCode : before.error_code,
            firmwareStatus: firmware ?? before.firmware_status,
            firmwareStatusAt: firmware ? at : before.firmware_status_at,
            at,
          });
        }
        const states = await repo.setBooted(writes);
        await announce(
          trx,
          states,
          calls.map((c) => c.chargerId),
        );
        return calls.map(() => undefined);
      }),
    { key: (c) => c.chargerId, windowMs },
  );

  const disconnect = callBatcher(
    (calls: Disconnect[]): Promise<void[]> =>
      db.transaction().execute(async (trx) => {
        const states = await chargerConnectionsRepository(trx).setDisconnected(calls);
        await announce(
          trx,
          states,
          calls.map((c) => c.chargerId),
        );
        return calls.map(() => undefined);
      }),
    { key: (c) => c.chargerId, windowMs },
  );

  return {
    /** Returns the socket it replaced on another node (undefined for none, or for one on this node). */
    connect: (chargerId: number, socket: SocketHolder, at: Date) => connect({ chargerId, socket, at }),
    boot: (chargerId: number, info: BootInfo, at: Date) => boot({ chargerId, boot: info, at }),
    disconnect: (chargerId: number, connectionId: string, at: Date) =>
      disconnect({ chargerId, connectionId, at }),
  };
}
