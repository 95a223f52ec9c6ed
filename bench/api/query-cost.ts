// node bench/api/query-cost.ts [--seconds 3 --rounds 3] — what one small read costs the Node process, by layer: the
// site detail's query (a site row by id and owner, 20 columns) sent as a raw prepared pg query, through Kysely's
// query builder as the repository writes it (built, compiled and run every time, on db/client.ts's pool with its
// named statements), and through Kysely with the query compiled once (CompiledQuery reused, only run). A fresh
// server's embedded PostgreSQL (bench/ocpp/server-process.ts), one site; 8 queries in flight, CPU of this process
// per query (process.cpuUsage).
import path from 'node:path';
import { parseArgs } from 'node:util';
import { CompiledQuery } from 'kysely';
import pg from 'pg';
import { createDb } from '../../apps/server/src/db/client.ts';
import { table } from '../ocpp/figures.ts';
import { startServer, type ServerProcess } from '../ocpp/server-process.ts';
import { seed } from '../sessions/seed.ts';
import type {} from 'fastify';

const { values: args } = parseArgs({
  options: { seconds: { type: 'string', default: '3' }, rounds: { type: 'string', default: '3' } },
});
const forMs = Number(args.seconds) * 1000;

async function cpuPerQuery(run: () => Promise<unknown>): Promise<number> {
  let n = 0;
  const start = process.cpuUsage();
  const end = performance.now() + forMs;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (performance.now() < end) {
        await run();
        n++;
      }
    }),
  );
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000 / n;
}

let server: ServerProcess | undefined;
let db: ReturnType<typeof createDb> | undefined;
let raw: pg.Pool | undefined;
try {
  server = await startServer(path.join(import.meta.dirname, '../..'), {});
  db = createDb(server.databaseUrl, { max: 8 });
  raw = new pg.Pool({ connectionString: server.databaseUrl, max: 8 });
  const site = await seed(db, { sessions: 1000, chargers: 10, sampled: 10, readings: 2 }, () => {});
  const { user_id: userId } = await db
    .selectFrom('sites')
    .select('user_id')
    .where('id', '=', site.stationId)
    .executeTakeFirstOrThrow();
  const built = () =>
    db!
      .selectFrom('sites')
      .selectAll()
      .where('user_id', '=', userId)
      .where('id', '=', site.stationId)
      .executeTakeFirst();
  const compiled = db
    .selectFrom('sites')
    .selectAll()
    .where('user_id', '=', userId)
    .where('id', '=', site.stationId)
    .compile();
  const once = CompiledQuery.raw(compiled.sql, [...compiled.parameters]);
  const ways: [string, () => Promise<unknown>][] = [
    [
      'raw pg, prepared',
      () => raw!.query({ name: 'site', text: compiled.sql, values: [userId, site.stationId] }),
    ],
    ['Kysely, built each time', built],
    ['Kysely, compiled once', () => db!.executeQuery(once)],
  ];
  // A page: 10 sessions of the site, every column (about 30), as a list reads them.
  const page = db
    .selectFrom('charging_sessions')
    .selectAll()
    .where('station_id', '=', site.stationId)
    .orderBy('id', 'desc')
    .limit(10)
    .compile();
  const pageOnce = CompiledQuery.raw(page.sql, [...page.parameters]);
  ways.push(
    [
      'page of 10: raw pg, prepared',
      () => raw!.query({ name: 'page', text: page.sql, values: [...page.parameters] }),
    ],
    ['page of 10: Kysely, compiled once', () => db!.executeQuery(pageOnce)],
  );
  const results = new Map<string, number[]>(ways.map(([name]) => [name, []]));
  for (const [, run] of ways) await cpuPerQuery(run); // warm-up
  for (let r = 0; r < Number(args.rounds); r++)
    for (const [name, run] of ways) results.get(name)!.push(await cpuPerQuery(run));
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  console.log(
    table([
      ['query', 'CPU ms per query (median of rounds)'],
      ...[...results].map(([name, xs]) => [name, median(xs).toFixed(3)]),
    ]),
  );
} catch (error) {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exitCode = 1;
} finally {
  await raw?.end();
  await db?.destroy();
  await server?.stop();
}
