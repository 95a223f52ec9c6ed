import { sql } from 'kysely';
import type { ChargerStatus } from '@plugboard/contract';
import type { Trx } from '../../db/client.ts';
import { stateColumns, type ChargerState, type ConnectorRow } from './chargers.repository.ts';

/** The read and the write of many chargers' status notifications, a statement each (connector-statuses.ts). */
export function connectorStatusesRepository(trx: Trx) {
  return {
    /**
     * Locks the chargers' rows in id order (so that two batches never wait on each other in a circle) and reads
     * them with their connectors, in one statement. FOR NO KEY UPDATE, as the update that follows takes: it does not
     * wait for (nor block) the inserts whose foreign keys name these chargers.
     */
    lockWithConnectors: async (
      ids: number[],
    ): Promise<{ charger: ChargerState; connectors: ConnectorRow[] }[]> => {
      const { rows } = await sql<
        ChargerState & {
          connectors: (Omit<ConnectorRow, 'status_at' | 'updated_at'> & {
            status_at: string;
            updated_at: string;
          })[];
        }
      >`
        select ${sql.join(stateColumns.map((column) => sql.ref(`c.${column}`)))},
          coalesce((select json_agg(k order by k.connector_id) from connectors k where k.charger_id = c.id), '[]')
            as connectors
        from chargers c where c.id = any(${ids}::bigint[])
        order by c.id
        for no key update of c`.execute(trx);
      return rows.map(({ connectors, ...charger }) => ({
        charger,
        connectors: connectors.map((k) => ({
          ...k,
          status_at: new Date(k.status_at),
          updated_at: new Date(k.updated_at),
        })),
      }));
    },

    /**
     * Writes the connectors' rows (one per charger and connector: PostgreSQL refuses to update a row twice in one
     * statement) and the chargers' statuses, in one statement.
     */
    write: async (
      rows: ConnectorRow[],
      changes: { id: number; status: ChargerStatus; errorCode: string | null }[],
      at: Date,
    ): Promise<void> => {
      const column = <K extends keyof ConnectorRow>(key: K) => rows.map((r) => r[key]);
      await sql`
        with upserted as (
          insert into connectors
            (charger_id, connector_id, status, ocpp_status, error_code, info, vendor_error_code, status_at, updated_at)
          select * from unnest(${column('charger_id')}::integer[], ${column('connector_id')}::integer[],
            ${column('status')}::text[], ${column('ocpp_status')}::text[], ${column('error_code')}::text[],
            ${column('info')}::text[], ${column('vendor_error_code')}::text[], ${column('status_at')}::timestamptz[],
            ${column('updated_at')}::timestamptz[])
          on conflict (charger_id, connector_id) do update set
            status = excluded.status, ocpp_status = excluded.ocpp_status, error_code = excluded.error_code,
            info = excluded.info, vendor_error_code = excluded.vendor_error_code, status_at = excluded.status_at,
            updated_at = excluded.updated_at
        )
        update chargers set status = v.status, error_code = v.error_code, updated_at = ${at}
        from unnest(${changes.map((c) => c.id)}::integer[], ${changes.map((c) => c.status)}::text[],
          ${changes.map((c) => c.errorCode)}::text[]) as v(id, status, error_code)
        where chargers.id = v.id`.execute(trx);
    },
  };
}
