import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import { createDb, type Db } from './client.ts';
import { migrate } from './migrate.ts';
import { createTestDatabase } from '../../test/helpers.ts';
import { aCharger, anOperatorWithSite, callerFor } from '../modules/chargers/chargers.fixtures.ts';
import { saveTariff } from '../modules/tariffs/tariffs.fixtures.ts';
import { aStoredSession, readingsOf } from '../modules/sessions/sessions.fixtures.ts';

// The queries each of the console's busiest calls makes (issue 21, bench/api): on a small machine each query's
// round trip to PostgreSQL costs more CPU than the query itself. Counted once the caller's session and site
// ownership are known (they are reused for a moment), on a site whose first page is of ongoing, priced sessions.
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let db: Db;
let ocppDb: Db;
let app: FastifyInstance;
let counting = false;
const queries: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDb(database.url, {
    max: 4,
    // What runs behind the calls meanwhile (the events of the fixtures read by the event bus, mail retries, load
    // management reading the site by id after the fixtures' chargers) is not the call's.
    onQuery: (sql) =>
      counting &&
      !/\b(events|outbox)\b/.test(sql) &&
      sql !== 'select * from "sites" where "id" = $1' &&
      queries.push(sql),
  });
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

/** A site of three chargers, each with an ongoing session with readings, priced by the site's tariff. */
async function aBusySite() {
  const op = await anOperatorWithSite(db);
  const tariff = await saveTariff(app, op, { timePrice: 0, idlePrice: 0 });
  const chargers = [];
  for (const alias of ['Bay 1', 'Bay 2', 'Bay 3']) {
    const charger = await aCharger(db, { stationId: op.stationId, alias });
    await aStoredSession(db, charger, { status: 'complete', tariff_id: tariff.id });
    chargers.push(charger);
  }
  // The newest: the first page's.
  for (const charger of chargers) {
    const session = await aStoredSession(db, charger, { status: 'ongoing', tariff_id: tariff.id });
    await readingsOf(db, session, [
      [10, 3000, 11_000],
      [20, 6000, 11_000],
    ]);
  }
  return { ...op, as: callerFor(app, op) };
}

/** The queries a call makes, the second time it is made (the session and site check then reused). */
async function queriesOf(run: () => Promise<{ status: number }>) {
  expect((await run()).status).toBe(200);
  queries.length = 0;
  counting = true;
  try {
    expect((await run()).status).toBe(200);
  } finally {
    counting = false;
  }
  if (process.env.SHOW_QUERIES) console.log(queries);
  return [...queries];
}

describe('queries per call', () => {
  it('the sessions list: one, with its count and the ongoing sessions priced', async () => {
    const site = await aBusySite();
    const made = await queriesOf(() => site.as('/cms-system/system/session/v2/list', {}));
    expect(made).toHaveLength(1);
    const { data } = await site.as('/cms-system/system/session/v2/list', { pageSize: 4 });
    expect(data?.total).toBe(6);
    expect(data?.list.slice(0, 3)).toMatchObject(
      [1, 2, 3].map(() => ({ status: 'ongoing', energyKwh: 5, meterValue: 6, cost: 2.72 })),
    );
  });

  // A second when the chargers name a model: the firmware offered for it.
  it('the chargers list: one (the page with its count, connectors and ongoing sessions)', async () => {
    const site = await aBusySite();
    const made = await queriesOf(() => site.as('/cms-system/system/charger/v2/list', {}));
    expect(made).toEqual([expect.stringMatching(/^select "chargers"\.\*.*"connectors_json".*'ongoing'/s)]);
    const { data } = await site.as('/cms-system/system/charger/v2/list', {});
    expect(data?.list).toHaveLength(3);
    for (const charger of data?.list ?? []) {
      const { data: detail } = await site.as('/cms-system/system/charger/v2/detail', {
        chargerId: charger.id,
      });
      expect(charger.ongoingSession).toMatchObject({ energyWh: 5000 });
      // The list's item, its ongoing session read in the page's query, is the detail's (read apart).
      expect(charger).toEqual(detail);
    }
  });

  it('the site detail: one', async () => {
    const site = await aBusySite();
    expect(await queriesOf(() => site.as('/cms-system/system/station/v2/detail', {}))).toHaveLength(1);
  });

  it("the sessions list reuses a site's count in the thousands for a moment, and a deletion here forgets it", async () => {
    const site = await aBusySite();
    const [charger] = await db
      .selectFrom('chargers')
      .selectAll()
      .where('station_id', '=', site.stationId)
      .execute();
    const bulk = (from: number, n: number) =>
      sql`
      insert into charging_sessions (station_id, charger_id, connector_id, transaction_id, id_tag, start_time,
        meter_start_wh, status)
      select ${site.stationId}, ${charger!.id}, 1, ${from} + i, 'BULK', '2025-01-01'::timestamptz + (${from} + i) * interval '1 minute',
        0, 'complete'
      from generate_series(1, ${n}) i`.execute(db);
    await bulk(500_000, 1200);
    const list = '/cms-system/system/session/v2/list';
    expect((await site.as(list, {})).data?.total).toBe(1206);
    await bulk(600_000, 5);
    const made = await queriesOf(() => site.as(list, {}));
    // Not counted again: the page alone, and the total as it was.
    expect(made).toHaveLength(1);
    expect(made[0]).not.toMatch(/count\(/);
    expect((await site.as(list, {})).data?.total).toBe(1206);
    // A deletion through this node is seen at once.
    const oldest = (await site.as(list, { sortBy: 'startTime', sortOrder: 'asc', pageSize: 1 })).data
      ?.list[0];
    expect((await site.as('/cms-system/system/session/v2/delete', { orderNo: oldest!.orderNo })).status).toBe(
      200,
    );
    expect((await site.as(list, {})).data?.total).toBe(1210);
  });

  // 20 consoles asking at once: the first runs alone, those that asked while it ran share the next (at most a
  // straggler's more), each answered in full (lib/read-coalescer.ts).
  it.each([
    ['/cms-system/system/session/v2/list', 'list'],
    ['/cms-system/system/charger/v2/list', 'list'],
    ['/cms-system/system/station/v2/detail', 'id'],
  ] as const)('%s asked by 20 consoles at once shares its reads', async (call, field) => {
    const site = await aBusySite();
    const made = await queriesOf(async () => {
      const answers = await Promise.all(Array.from({ length: 20 }, () => site.as(call, {})));
      for (const answer of answers) expect(answer.data).toHaveProperty(field);
      return { status: answers.every((a) => a.status === 200) ? 200 : 500 };
    });
    expect(made.length).toBeGreaterThanOrEqual(1);
    expect(made.length).toBeLessThanOrEqual(4);
  });

  it('a page past the end still says how many there are', async () => {
    const site = await aBusySite();
    const sessions = await site.as('/cms-system/system/session/v2/list', { pageNum: 9, pageSize: 10 });
    expect(sessions.data).toMatchObject({ list: [], total: 6, totalCapped: false });
    const chargers = await site.as('/cms-system/system/charger/v2/list', { pageNum: 9, pageSize: 10 });
    expect(chargers.data).toMatchObject({ list: [], total: 3 });
  });
});
