// node bench/api/explain.ts [--sessions 100000] [--calls 1000] [--no-plans] [--server DIR] [--keep] — where
// PostgreSQL's time per console call goes, for bench/api's three calls on bench/sessions' site: an embedded
// PostgreSQL of its own with pg_stat_statements and auto_explain loaded, the server (node apps/server/src/main.ts,
// or that of the checkout DIR) on it, each call made --calls times in turn by one client. Prints the CPU per call
// of PostgreSQL and of the server, each statement's mean execution time, how often it was planned and its
// planning time per call, its buffers, and the plan (EXPLAIN ANALYZE, BUFFERS, as the named statement ran it) of
// each statement's last run. One client and no chargers: the figures are PostgreSQL's own work per call.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { sql } from 'kysely';
import { consoleRequestHeaders } from '@plugboard/contract';
import { createDb } from '../../apps/server/src/db/client.ts';
import { startEmbeddedPostgres } from '../../apps/server/src/db/embedded.ts';
import { freePort } from '../../apps/server/src/db/scratch-postgres.ts';
import { cpuSeconds, treeCpuSeconds } from '../ocpp/proc-stats.ts';
import { startServer, type ServerProcess } from '../ocpp/server-process.ts';
import { seed } from '../sessions/seed.ts';
// Loads fastify's types first, so that the server's `declare module 'fastify'` resolves when typechecked alone.
import type {} from 'fastify';

const { values: args } = parseArgs({
  allowNegative: true,
  options: {
    sessions: { type: 'string', default: '100000' },
    calls: { type: 'string', default: '1000' },
    plans: { type: 'boolean', default: true },
    // Keeps the database running after the figures, its URL printed, until interrupted (for SQL experiments).
    keep: { type: 'boolean', default: false },
    server: { type: 'string' },
  },
});
const sessions = Number(args.sessions);
const calls = Number(args.calls);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'plugboard-explain-'));
fs.chmodSync(dataDir, 0o755);
const port = await freePort();
const planLines: string[] = [];
let capturing = !!process.env.ALL_LOG;
const log = (line: string) => {
  if (capturing) planLines.push(line);
  if (process.env.ALL_LOG) console.error(line);
};
let pg = await startEmbeddedPostgres({ dataDir, port, log });
let server: ServerProcess | undefined;
try {
  {
    const admin = createDb(pg.url, { max: 1 });
    await sql`alter system set shared_preload_libraries = pg_stat_statements, auto_explain`.execute(admin);
    await sql`alter system set pg_stat_statements.track_planning = on`.execute(admin);
    await admin.destroy();
  }
  await pg.stop();
  pg = await startEmbeddedPostgres({ dataDir, port, log });
  const db = createDb(pg.url, { max: 4 });
  await sql`create extension if not exists pg_stat_statements`.execute(db);
  // The server migrates the database as it starts.
  server = await startServer(
    path.resolve(args.server ?? path.join(import.meta.dirname, '../..')),
    {},
    pg.url,
  );
  const site = await seed(db, { sessions, chargers: 200, sampled: 200, readings: 10 }, (line) =>
    console.log(line),
  );
  const base = server.ocppUrl.replace(/^ws/, 'http').replace(/\/ocpp$/, '');
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const bench: [string, Record<string, unknown>][] = [
    ['/cms-system/system/session/v2/list', { stationId: site.stationId, pageNum: 1, pageSize: 10 }],
    ['/cms-system/system/charger/v2/list', { stationId: site.stationId, pageNum: 1, pageSize: 10 }],
    ['/cms-system/system/station/v2/detail', { stationId: site.stationId }],
  ];
  const call = async ([url, body]: [string, Record<string, unknown>]) => {
    const response = await fetchOver(agent, base + url, consoleRequestHeaders(url, site.token), body);
    if ((JSON.parse(response) as { status: number }).status !== 200) throw new Error(`${url}: ${response}`);
  };
  // Warm: plans cached on the connections (a named statement turns generic after five runs, or not).
  for (let i = 0; i < 20; i++) for (const c of bench) await call(c);
  await sql`select pg_stat_statements_reset()`.execute(db);
  const started = performance.now();
  // PostgreSQL is this process's child, beside the server (whose own children are not PostgreSQL's).
  const running = server;
  const pgSeconds = () => treeCpuSeconds(process.pid) - treeCpuSeconds(running.pid) - cpuSeconds(running.pid);
  const pgBefore = pgSeconds();
  const nodeBefore = cpuSeconds(server.pid);
  for (let i = 0; i < calls; i++) for (const c of bench) await call(c);
  const took = performance.now() - started;
  const pgCpu = pgSeconds() - pgBefore;
  const nodeCpu = cpuSeconds(server.pid) - nodeBefore;
  const stats = await sql<{
    query: string;
    calls: string;
    mean_exec: number;
    mean_plan: number;
    plans: string;
    hit: string;
    rows: string;
  }>`select query, calls, mean_exec_time as mean_exec, total_plan_time / calls as mean_plan, plans,
      shared_blks_hit as hit, rows
    from pg_stat_statements where query not like '%pg_stat_statements%' order by total_exec_time desc limit 12`.execute(
    db,
  );
  console.log(
    `\n${calls} x 3 calls in ${took.toFixed(0)} ms (${((took / calls / 3) * 1000).toFixed(0)} µs per call)`,
  );
  console.log(
    `CPU per call: PostgreSQL ${((pgCpu / calls / 3) * 1e6).toFixed(0)} µs, the server ` +
      `${((nodeCpu / calls / 3) * 1e6).toFixed(0)} µs; machine load ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
  );
  let total = 0;
  for (const s of stats.rows) {
    const n = Number(s.calls);
    total += (s.mean_exec + s.mean_plan) * n;
    // Planning per call: a named statement whose plan is kept is planned once (`plans`), not per call.
    console.log(
      `\n${n} calls, exec ${(s.mean_exec * 1000).toFixed(0)} µs, ${s.plans} plans: ${(s.mean_plan * 1000).toFixed(0)} µs per call, ` +
        `${(Number(s.hit) / n).toFixed(1)} buffers, ${(Number(s.rows) / n).toFixed(1)} rows: ${s.query.replace(/\s+/g, ' ').slice(0, 300)}`,
    );
  }
  console.log(
    `\nPostgreSQL executor + planner per API call (of ${calls * 3}): ${((total / (calls * 3)) * 1000).toFixed(0)} µs`,
  );
  const sizes = await sql<{ name: string; mb: number }>`
    select c.relname as name, round(pg_relation_size(c.oid) / 1048576.0, 1)::float8 as mb
    from pg_class c where c.relname like 'meter_values%' order by c.relname`.execute(db);
  console.log(`\nsizes (MB): ${sizes.rows.map((r) => `${r.name} ${r.mb}`).join(', ')}`);
  if (args.plans) {
    // One more round with every statement's plan logged as it ran.
    await sql`alter system set auto_explain.log_min_duration = 0`.execute(db);
    await sql`alter system set auto_explain.log_analyze = on`.execute(db);
    await sql`alter system set auto_explain.log_buffers = on`.execute(db);
    await sql`alter system set auto_explain.log_nested_statements = on`.execute(db);
    await sql`select pg_reload_conf()`.execute(db);
    await new Promise((r) => setTimeout(r, 300));
    capturing = true;
    for (const c of bench) await call(c);
    await new Promise((r) => setTimeout(r, 300));
    capturing = false;
    console.log(`\n${planLines.filter((l) => !/pg_reload_conf|alter system/.test(l)).join('\n')}`);
  }
  agent.destroy();
  await db.destroy();
  if (args.keep) {
    console.log(`\nkept running: ${pg.url} (stationId ${site.stationId}); interrupt to stop`);
    await new Promise((resolve) => process.once('SIGINT', resolve));
  }
} finally {
  await server?.stop();
  await pg.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
}

/** A console call's answer (text) over a kept connection. */
function fetchOver(
  agent: http.Agent,
  url: string,
  headers: Record<string, string>,
  body: unknown,
): Promise<string> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method: 'POST',
        agent,
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve(Buffer.concat(chunks).toString()));
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}
