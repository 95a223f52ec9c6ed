import { sql, type Insertable } from 'kysely';
import type { Db } from '../../db/client.ts';
import type { Database } from '../../db/schema.ts';

export type NewMeterValue = Insertable<Database['meter_values']>;
/** An energy register reading: `at` in epoch milliseconds, as the cost engine reads it. */
export type Register = { at: number; energyWh: number };

/** The readings of chargers' meters, of a session or of none. */
export function meterValuesRepository(db: Db) {
  return {
    /**
     * One statement of nine arrays, whatever the number of rows: a VALUES list of as many rows took nine parameters
     * a row for the server to build and PostgreSQL to parse and plan (bench/ocpp/README.md, session 9).
     */
    insert: async (rows: NewMeterValue[]): Promise<void> => {
      if (rows.length === 0) return;
      const column = <K extends keyof NewMeterValue>(key: K) => rows.map((r) => r[key] ?? null);
      await sql`
        insert into meter_values
          (charger_id, connector_id, session_id, sampled_at, energy_wh, power_w, current_l1, current_l2, current_l3)
        select * from unnest(${column('charger_id')}::bigint[], ${column('connector_id')}::integer[],
          ${column('session_id')}::bigint[], ${column('sampled_at')}::timestamptz[], ${column('energy_wh')}::bigint[],
          ${column('power_w')}::integer[], ${column('current_l1')}::float8[], ${column('current_l2')}::float8[],
          ${column('current_l3')}::float8[])`.execute(db);
    },

    /** The newest energy reading of a session. */
    lastEnergyReading: (sessionId: number) =>
      db
        .selectFrom('meter_values')
        .select(['energy_wh', 'sampled_at'])
        .where('session_id', '=', sessionId)
        .where('energy_wh', 'is not', null)
        .orderBy('sampled_at', 'desc')
        .limit(1)
        .executeTakeFirst(),

    /** The energy registers of sessions, oldest first, by session id; one query for them all. */
    energyRegisters: async (sessionIds: number[]): Promise<Map<number, Register[]>> => {
      const rows =
        sessionIds.length === 0
          ? []
          : await db
              .selectFrom('meter_values')
              // Epoch milliseconds as a float: parsing hundreds of timestamps into Dates costs more than the query.
              .select([
                'session_id',
                'energy_wh',
                sql<number>`extract(epoch from sampled_at)::float8 * 1000`.as('at'),
              ])
              .where('session_id', 'in', sessionIds)
              .where('energy_wh', 'is not', null)
              .orderBy('session_id')
              .orderBy('sampled_at')
              .execute();
      const bySession = new Map<number, Register[]>();
      for (const r of rows) {
        const list = bySession.get(r.session_id!) ?? [];
        list.push({ at: Math.round(r.at), energyWh: r.energy_wh! });
        bySession.set(r.session_id!, list);
      }
      return bySession;
    },

    /** The readings of a session, oldest first, thinned evenly to at most `max` (the first and last kept). */
    chartReadings: async (sessionId: number, max: number) => {
      const { rows: found } = await sql<{
        sampled_at: Date;
        energy_wh: number | null;
        power_w: number | null;
      }>`
        select sampled_at, energy_wh, power_w from (
          select sampled_at, energy_wh, power_w,
            row_number() over (order by sampled_at, id) - 1 as i, count(*) over () as n
          from meter_values where session_id = ${sessionId}
        ) r
        where n <= ${max} or i = n - 1 or i % ceil(n::numeric / ${max}) = 0
        order by i`.execute(db);
      return found;
    },
  };
}
