// node bench/api/query-cost.ts [--seconds 3 --rounds 3] — what one small read costs the Node process, by layer: the
// site detail's query (a site row by id and owner, 20 columns) sent as a raw prepared pg query, through Kysely's
// query builder as the repository writes it (built, compiled and run every time, on db/client.ts's pool with its
// named statements), and through Kysely with the query compiled once (CompiledQuery reused, only run). A fresh
// server's embedded PostgreSQL (bench/ocpp/server-process.ts), one site; 8 queries in flight, CPU of this process
// per query (process.cpuUsage) and of PostgreSQL (its processes under the server, from /proc). Each way over
// loopback TCP and over the embedded PostgreSQL's Unix socket (`--via tcp`, `--via socket`; both by default).
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { CompiledQuery } from 'kysely';
import pg from 'pg';
import { createDb } from '../../apps/server/src/db/client.ts';
import { table } from '../ocpp/figures.ts';
import { treeCpuSeconds } from '../ocpp/proc-stats.ts';
import { startServer, type ServerProcess } from '../ocpp/server-process.ts';
import { seed } from '../sessions/seed.ts';
import type {} from 'fastify';

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '3' },
    rounds: { type: 'string', default: '3' },
    via: { type: 'string', default: 'tcp,socket' },
  },
});
const forMs = Number(args.seconds) * 1000;

/** CPU ms per query of this process and of PostgreSQL. */
async function cpuPerQuery(run: () => Promise<unknown>): Promise<[number, number]> {
  let n = 0;
  const pg0 = treeCpuSeconds(server!.pid);
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
  return [(used.user + used.system) / 1000 / n, ((treeCpuSeconds(server!.pid) - pg0) * 1000) / n];
}

let server: ServerProcess | undefined;
const dbs: ReturnType<typeof createDb>[] = [];
const raws: pg.Pool[] = [];
try {
  server = await startServer(path.join(import.meta.dirname, '../..'), {});
  const urls = new Map([
    ['tcp', server.databaseUrl],
    ['socket', server.socketUrl],
  ]);
  const seedDb = createDb(server.databaseUrl, { max: 8 });
  dbs.push(seedDb);
  const site = await seed(seedDb, { sessions: 1000, chargers: 10, sampled: 10, readings: 2 }, () => {});
  const results = new Map<string, [number, number][]>();
  for (const via of args.via.split(',')) {
    const url = urls.get(via);
    if (!url) throw new Error(`no ${via} address (a server without the Unix socket?)`);
    const db = createDb(url, { max: 8 });
    const raw = new pg.Pool({ connectionString: url, max: 8 });
    dbs.push(db);
    raws.push(raw);
    const ways = await waysOf(db, raw, site.stationId);
    for (const [, run] of ways) await cpuPerQuery(run); // warm-up
    for (let r = 0; r < Number(args.rounds); r++)
      for (const [name, run] of ways) {
        const key = `${via}: ${name}`;
        results.set(key, [...(results.get(key) ?? []), await cpuPerQuery(run)]);
      }
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
  console.log(
    table([
      ['query', 'CPU ms per query: this process', 'PostgreSQL (median of rounds)'],
      ...[...results].map(([name, xs]) => [
        name,
        median(xs.map((x) => x[0])).toFixed(3),
        median(xs.map((x) => x[1])).toFixed(3),
      ]),
    ]),
  );
  console.log(
    `load average ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
} catch (error) {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exitCode = 1;
} finally {
  for (const raw of raws) await raw.end();
  for (const db of dbs) await db.destroy();
  await server?.stop();
}

async function waysOf(db: ReturnType<typeof createDb>, raw: pg.Pool, stationId: number) {
  const site = { stationId };
  const { user_id: userId } = await db
    .selectFrom('sites')
    .select('user_id')
    .where('id', '=', site.stationId)
    .executeTakeFirstOrThrow();
  const built = () =>
    db
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
      () => raw.query({ name: 'site', text: compiled.sql, values: [userId, site.stationId] }),
    ],
    ['Kysely, built each time', built],
    ['Kysely, compiled once', () => db.executeQuery(once)],
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
      () => raw.query({ name: 'page', text: page.sql, values: [...page.parameters] }),
    ],
    ['page of 10: Kysely, compiled once', () => db.executeQuery(pageOnce)],
  );
  return ways;
}
