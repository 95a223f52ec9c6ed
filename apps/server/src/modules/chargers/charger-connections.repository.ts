import { sql } from 'kysely';
import type { ChargerStatus } from '@plugboard/contract';
import type { Trx } from '../../db/client.ts';
import { stateColumns, type ChargerState, type ConnectorRow } from './chargers.repository.ts';

/** A charger's row as a boot settles it: its state, and its firmware before the boot. */
export type BootLock = ChargerState & {
  firmware_version: string | null;
  firmware_status_at: Date | null;
};

/** A charger's row once a boot has been applied (every column a boot writes). */
export type BootWrite = {
  id: number;
  vendor: string;
  model: string;
  serialNumber: string | null;
  firmwareVersion: string | null;
  iccid: string | null;
  imsi: string | null;
  meterType: string | null;
  meterSerialNumber: string | null;
  status: ChargerStatus;
  errorCode: string | null;
  firmwareStatus: string | null;
  firmwareStatusAt: Date | null;
  at: Date;
};

const returned = sql.join(stateColumns.map((c) => sql.ref(`chargers.${c}`)));

/** The chargers of a batch, as one parameter: the statement's text is the same whatever their number. */
const anyOf = (ids: number[]) => sql<number>`any(${ids}::bigint[])`;

/**
 * The writes of chargers connecting, booting and disconnecting, a statement each for all the chargers of a batch
 * (charger-connections.ts). Every statement that locks chargers' rows locks them in id order, as the statuses'
 * batch and the sweep do, so that no two writers wait on each other in a circle. Each takes its rows as arrays, so
 * that its text never changes: PostgreSQL parses and plans it once per connection (a named statement,
 * db/client.ts), where a list of the batch's values made a new text, parsed and planned at each run, with
 * parameters a row to build in the node (bench/ocpp README, session 12).
 */
export function chargerConnectionsRepository(trx: Trx) {
  return {
    /** Locks the chargers' rows in id order and reads which socket, on which node, owns each. */
    lockHolders: (ids: number[]) =>
      trx
        .selectFrom('chargers')
        .select(['id', 'node_id', 'connection_id'])
        .where('id', '=', anyOf(ids))
        .orderBy('id')
        .forUpdate()
        .execute(),

    /** Locks the chargers' rows in id order, with what a boot needs of them. */
    lockForBoot: (ids: number[]): Promise<BootLock[]> =>
      trx
        .selectFrom('chargers')
        .select([...stateColumns, 'firmware_version', 'firmware_status_at'])
        .where('id', '=', anyOf(ids))
        .orderBy('id')
        .forUpdate()
        .execute(),

    connectorsOf: (ids: number[]): Promise<ConnectorRow[]> =>
      trx
        .selectFrom('connectors')
        .selectAll()
        .where('charger_id', '=', anyOf(ids))
        .orderBy('charger_id')
        .orderBy('connector_id')
        .execute(),

    /**
     * After a boot, what each connector reported before is unknown until it reports again: its status reads 'online'
     * and its error code is cleared (the OCPP status it sent last stays in ocpp_status and status_at, so a report is
     * still told from an older one, and Unavailable after Faulted still reads as recovering). Returns the
     * connectors as they are now.
     */
    forgetConnectorStatuses: async (ids: number[], at: Date): Promise<ConnectorRow[]> => {
      const result = await sql<ConnectorRow>`
        update connectors k set status = 'online', error_code = 'NoError', updated_at = ${at}
        from unnest(${ids}::bigint[]) as v(charger_id)
        where k.charger_id = v.charger_id
        returning k.*`.execute(trx);
      return result.rows;
    },

    /** Each charger's row now belongs to its new socket, with the status its connectors give it. */
    setConnected: async (
      rows: {
        id: number;
        connectionId: string;
        nodeId: string;
        status: ChargerStatus;
        errorCode: string | null;
        at: Date;
      }[],
    ): Promise<ChargerState[]> => {
      const column = <K extends keyof (typeof rows)[number]>(key: K) => rows.map((r) => r[key]);
      const result = await sql<ChargerState>`
        update chargers set connected = true, connection_id = v.connection_id, node_id = v.node_id,
          last_seen_at = v.at, status = v.status, error_code = v.error_code, updated_at = v.at
        from unnest(${column('id')}::bigint[], ${column('connectionId')}::uuid[], ${column('nodeId')}::text[],
          ${column('status')}::text[], ${column('errorCode')}::text[], ${column('at')}::timestamptz[])
          as v(id, connection_id, node_id, status, error_code, at)
        where chargers.id = v.id
        returning ${returned}`.execute(trx);
      return result.rows;
    },

    /** What each charger says of itself at its boot, and the status and firmware status the boot leaves. */
    setBooted: async (rows: BootWrite[]): Promise<ChargerState[]> => {
      const column = <K extends keyof BootWrite>(key: K) => rows.map((r) => r[key]);
      const result = await sql<ChargerState>`
        update chargers set vendor = v.vendor, model = v.model, serial_number = v.serial_number,
          firmware_version = v.firmware_version, iccid = v.iccid, imsi = v.imsi, meter_type = v.meter_type,
          meter_serial_number = v.meter_serial_number, status = v.status, error_code = v.error_code,
          firmware_status = v.firmware_status, firmware_status_at = v.firmware_status_at,
          booted_at = v.at, last_seen_at = v.at, updated_at = v.at
        from unnest(${column('id')}::bigint[], ${column('vendor')}::text[], ${column('model')}::text[],
          ${column('serialNumber')}::text[], ${column('firmwareVersion')}::text[], ${column('iccid')}::text[],
          ${column('imsi')}::text[], ${column('meterType')}::text[], ${column('meterSerialNumber')}::text[],
          ${column('status')}::text[], ${column('errorCode')}::text[], ${column('firmwareStatus')}::text[],
          ${column('firmwareStatusAt')}::timestamptz[], ${column('at')}::timestamptz[])
          as v(id, vendor, model, serial_number, firmware_version, iccid, imsi, meter_type, meter_serial_number,
            status, error_code, firmware_status, firmware_status_at, at)
        where chargers.id = v.id
        returning ${returned}`.execute(trx);
      return result.rows;
    },

    /**
     * Marks offline each charger whose row its closed socket still owns (a newer socket may have taken over), its
     * row locked in id order first. Returns the chargers marked offline.
     */
    setDisconnected: async (
      sockets: { chargerId: number; connectionId: string; at: Date }[],
    ): Promise<ChargerState[]> => {
      const ids = sockets.map((s) => s.chargerId);
      const connections = sockets.map((s) => s.connectionId);
      const times = sockets.map((s) => s.at);
      const result = await sql<ChargerState>`
        with closed as (
          select * from unnest(${ids}::bigint[], ${connections}::uuid[], ${times}::timestamptz[])
            as s(id, connection_id, at)
        ), locked as (
          select chargers.id, closed.at from chargers join closed using (id)
          where chargers.connection_id = closed.connection_id
          order by chargers.id
          for update of chargers
        )
        update chargers set connected = false, connection_id = null, node_id = null, status = 'offline',
          last_seen_at = locked.at, updated_at = locked.at
        from locked where chargers.id = locked.id
        returning ${returned}`.execute(trx);
      return result.rows;
    },
  };
}
