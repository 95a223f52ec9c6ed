import type { Insertable } from 'kysely';
import type { Db } from '../../db/client.ts';
import type { Database } from '../../db/schema.ts';

let started = Date.parse('2026-01-05T08:00:00Z');
let transactions = 0;

/**
 * A session stored straight in the database, complete unless told otherwise: the list's tests need many of them
 * with chosen times, energies and costs, not the OCPP exchange that makes them (ocpp/session-cost.test.ts has that).
 */
export async function aStoredSession(
  db: Db,
  charger: { id: number; station_id: number; alias?: string; product_code?: string },
  overrides: Partial<Insertable<Database['charging_sessions']>> = {},
) {
  started += 3_600_000;
  const startTime = new Date(overrides.start_time ?? started);
  const ongoing = overrides.status === 'ongoing';
  const meterStart = overrides.meter_start_wh ?? 1000;
  const energy = ongoing ? null : (overrides.energy_wh ?? 5000);
  const row = await db
    .insertInto('charging_sessions')
    .values({
      station_id: charger.station_id,
      charger_id: charger.id,
      charger_alias: charger.alias ?? '',
      product_code: charger.product_code ?? '',
      connector_id: 1,
      transaction_id: String(++transactions),
      id_tag: 'CARD1',
      start_time: startTime,
      meter_start_wh: meterStart,
      status: 'complete',
      currency: 'EUR',
      ...(!ongoing && {
        end_time: new Date(startTime.getTime() + 3_600_000),
        meter_stop_wh: meterStart + (energy ?? 0),
        energy_wh: energy,
      }),
      ...overrides,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return row;
}

/** Readings of a session (of none with `id: null`): [minutes after its start, register Wh, power W]. */
export async function readingsOf(
  db: Db,
  session: { id: number | null; charger_id: number | null; start_time: Date },
  readings: [minutes: number, wh: number, w?: number][],
) {
  await db
    .insertInto('meter_values')
    .values(
      readings.map(([minutes, wh, w]) => ({
        charger_id: session.charger_id,
        connector_id: 1,
        session_id: session.id,
        sampled_at: new Date(session.start_time.getTime() + minutes * 60_000),
        energy_wh: wh,
        power_w: w ?? null,
      })),
    )
    .execute();
}
