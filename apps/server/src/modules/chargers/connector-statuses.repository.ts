import { sql, type Insertable } from 'kysely';
import type { ChargerStatus } from '@plugboard/contract';
import type { Trx } from '../../db/client.ts';
import type { Database } from '../../db/schema.ts';
import { stateColumns, type ChargerState, type ConnectorRow } from './chargers.repository.ts';

/** The writes of many chargers' status notifications, a statement each for all of them (connector-statuses.ts). */
export function connectorStatusesRepository(trx: Trx) {
  return {
    /** Locks the chargers' rows in id order (so that two batches never wait on each other in a circle). */
    lockChargers: (ids: number[]): Promise<ChargerState[]> =>
      trx
        .selectFrom('chargers')
        .select(stateColumns)
        .where('id', 'in', ids)
        .orderBy('id')
        .forUpdate()
        .execute(),

    connectorsOf: (chargerIds: number[]): Promise<ConnectorRow[]> =>
      trx
        .selectFrom('connectors')
        .selectAll()
        .where('charger_id', 'in', chargerIds)
        .orderBy('charger_id')
        .orderBy('connector_id')
        .execute(),

    /** One row per (charger, connector): PostgreSQL refuses to update a row twice in one statement. */
    upsertConnectors: async (rows: Insertable<Database['connectors']>[]): Promise<void> => {
      await trx
        .insertInto('connectors')
        .values(rows)
        .onConflict((oc) =>
          oc.columns(['charger_id', 'connector_id']).doUpdateSet((eb) => ({
            status: eb.ref('excluded.status'),
            ocpp_status: eb.ref('excluded.ocpp_status'),
            error_code: eb.ref('excluded.error_code'),
            info: eb.ref('excluded.info'),
            vendor_error_code: eb.ref('excluded.vendor_error_code'),
            status_at: eb.ref('excluded.status_at'),
            updated_at: eb.ref('excluded.updated_at'),
          })),
        )
        .execute();
    },

    setStatuses: async (
      changes: { id: number; status: ChargerStatus; errorCode: string | null }[],
      at: Date,
    ): Promise<void> => {
      const values = sql.join(
        changes.map((c) => sql`(${c.id}::integer, ${c.status}::text, ${c.errorCode}::text)`),
      );
      await sql`
        update chargers set status = v.status, error_code = v.error_code, updated_at = ${at}
        from (values ${values}) as v(id, status, error_code)
        where chargers.id = v.id`.execute(trx);
    },
  };
}
