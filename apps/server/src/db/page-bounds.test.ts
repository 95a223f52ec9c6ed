import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { createDb, type Db } from './client.ts';
import { migrate } from './migrate.ts';
import { createTestDatabase } from '../../test/helpers.ts';
import { aCharger, anOperatorWithSite, callerFor } from '../modules/chargers/chargers.fixtures.ts';
import { aStoredSession } from '../modules/sessions/sessions.fixtures.ts';

// The console's first pages are named statements whose plan PostgreSQL keeps (bench/api): planned on each run, the
// sessions list's page cost more of PostgreSQL's time than running it. With its LIMIT a parameter, PostgreSQL
// costed the kept (generic) plan as if a tenth of the site's sessions were read, and chose to plan anew every time.
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
let ocppDb: Db;
let app: FastifyInstance;

beforeAll(async () => {
  database = await createTestDatabase();
  // One connection: its prepared statements are the ones the calls made.
  db = createDb(database.url, { max: 1 });
  ocppDb = createDb(database.url, { max: 2 });
  await migrate(db);
  app = await buildApp({
    config: { logLevel: 'silent', webDist: path.resolve(import.meta.dirname, '../../../web/dist') },
    db,
    ocppDb,
  });
});

afterAll(async () => {
  await app.close();
  await ocppDb.destroy();
  await db.destroy();
  await database.drop();
});

/** How the connection ran the prepared statements whose text has all of `parts`: runs, and those planned apart. */
async function plansOf(...parts: string[]) {
  const { rows } = await sql<{ statement: string; generic_plans: number; custom_plans: number }>`
    select statement, generic_plans, custom_plans from pg_prepared_statements`.execute(db);
  const found = rows.filter((r) => parts.every((p) => r.statement.includes(p)));
  expect(found.length).toBeGreaterThan(0);
  return {
    runs: found.reduce((n, r) => n + Number(r.generic_plans) + Number(r.custom_plans), 0),
    // PostgreSQL plans a statement for its parameters five times, then keeps its generic plan if that costs no more.
    plannedMoreThanFiveTimes: found.filter((r) => Number(r.custom_plans) > 5).length,
  };
}

describe('first pages keep their plan', () => {
  it('the sessions and chargers lists are planned a few times, then run on the kept plan', async () => {
    const op = await anOperatorWithSite(db);
    const as = callerFor(app, op);
    const chargers = [];
    for (const alias of ['Bay 1', 'Bay 2']) {
      const charger = await aCharger(db, { stationId: op.stationId, alias });
      await aStoredSession(db, charger, { status: 'ongoing' });
      chargers.push(charger);
    }
    // A site with a history (a tenth of it is what the generic plan was costed for), its statistics known.
    await sql`
      insert into charging_sessions (station_id, charger_id, connector_id, transaction_id, id_tag, start_time,
        meter_start_wh, status)
      select ${op.stationId}, ${chargers[0]!.id}, 2, 'H' || i, 'OLD', '2025-01-01'::timestamptz + i * interval '1 hour',
        0, 'complete'
      from generate_series(1, 5000) i`.execute(db);
    await sql`analyze charging_sessions`.execute(db);
    for (let i = 0; i < 12; i++) {
      expect((await as('/cms-system/system/session/v2/list', { pageSize: 10 })).data?.total).toBe(5002);
      expect((await as('/cms-system/system/charger/v2/list', { pageSize: 10 })).data?.total).toBe(2);
    }
    // The sessions list: a statement with the count, and one without while a count in the thousands is reused.
    expect(await plansOf('from "charging_sessions" as "s"', 'as "registers')).toEqual({
      runs: 12,
      plannedMoreThanFiveTimes: 0,
    });
    expect(await plansOf('from "chargers" where', 'as "extra_json"')).toEqual({
      runs: 12,
      plannedMoreThanFiveTimes: 0,
    });

    // A later page: its own statement, the same rows as the first's order gives.
    const second = await as('/cms-system/system/session/v2/list', { pageSize: 2, pageNum: 2 });
    const first = await as('/cms-system/system/session/v2/list', { pageSize: 4 });
    expect(second.data?.list).toEqual(first.data?.list.slice(2, 4));
    expect(second.data?.total).toBe(5002);
  });
});
