// node bench/api/per-call.ts [--clients 20 --seconds 5 --sessions 20000 --rounds 1 --server DIR] — the server's
// CPU per request of one call at a time, to split what every call pays (fastify, the hooks, the signature, the
// session and the site check, the answer) from what each call's own queries and answer cost. A fresh server with
// its embedded PostgreSQL (as bench:api), a site of --sessions sessions over 200 chargers; then, for each call in
// turn, --clients closed-loop clients on kept connections for --seconds: requests/s and CPU per request of the
// server's Node process and of its PostgreSQL (from /proc: user + system time). No chargers connected.
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import { consoleRequestHeaders } from '@plugboard/contract';
import { createDb } from '../../apps/server/src/db/client.ts';
import { count, table } from '../ocpp/figures.ts';
import { cpuSeconds, treeCpuSeconds } from '../ocpp/proc-stats.ts';
import { startServer, type ServerProcess } from '../ocpp/server-process.ts';
import { seed } from '../sessions/seed.ts';
import type {} from 'fastify';

const { values: args } = parseArgs({
  options: {
    clients: { type: 'string', default: '20' },
    seconds: { type: 'string', default: '5' },
    sessions: { type: 'string', default: '20000' },
    rounds: { type: 'string', default: '1' },
    // Requests per second in all (open loop) instead of each client calling without pause: the same work per
    // second for both servers of an A/B run, whatever share of the machine each gets (closed-loop runs give a
    // server that gets fewer cores less batching per event-loop turn, and so more CPU per request).
    rate: { type: 'string' },
    only: { type: 'string' },
    profile: { type: 'string' },
    server: { type: 'string' },
  },
});
const clients = Number(args.clients);
const forMs = Number(args.seconds) * 1000;
const agent = new http.Agent({ keepAlive: true, maxSockets: clients });

type Call = { name: string; path: string; body: (stationId: number) => unknown; signed: 'yes' | 'wrong' };

const calls: Call[] = [
  // Parsed and validated, then refused at the signature: fastify, the body's zod check, the HMAC, an error answer.
  {
    name: 'wrong signature (no session)',
    path: '/cms-system/system/station/v2/detail',
    body: (stationId) => ({ stationId }),
    signed: 'wrong',
  },
  // Signature, session (reused), one query by primary key, a small answer.
  { name: 'user detail', path: '/cms-system/system/user/v2/detail', body: () => ({}), signed: 'yes' },
  {
    name: 'site detail',
    path: '/cms-system/system/station/v2/detail',
    body: (stationId) => ({ stationId }),
    signed: 'yes',
  },
  {
    name: 'sessions list',
    path: '/cms-system/system/session/v2/list',
    body: (stationId) => ({ stationId, pageNum: 1, pageSize: 10 }),
    signed: 'yes',
  },
  {
    name: 'chargers list',
    path: '/cms-system/system/charger/v2/list',
    body: (stationId) => ({ stationId, pageNum: 1, pageSize: 10 }),
    signed: 'yes',
  },
];

/** User and system CPU seconds of a process (/proc, 100 ticks a second). */
function userSystem(pid: number) {
  const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return { user: Number(fields[11]) / 100, system: Number(fields[12]) / 100 };
}

function post(base: string, call: Call, token: string, stationId: number): Promise<number> {
  const payload = JSON.stringify(call.body(stationId));
  const headers: Record<string, string | number> = {
    ...consoleRequestHeaders(call.path, token),
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(payload),
  };
  if (call.signed === 'wrong') headers.authorization = `HMAC-SHA256 ${'0'.repeat(64)}`;
  return new Promise((resolve, reject) => {
    const request = http.request(base + call.path, { method: 'POST', agent, headers }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.on('error', reject);
    request.end(payload);
  });
}

async function loop(base: string, call: Call, token: string, stationId: number, ms: number) {
  let done = 0;
  const statuses = new Map<number, number>();
  const start = performance.now();
  const end = start + ms;
  const rate = args.rate ? Number(args.rate) : undefined;
  let slot = 0;
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < end) {
        if (rate) {
          const at = start + (slot++ * 1000) / rate;
          if (at >= end) break;
          const wait = at - performance.now();
          if (wait > 0) await sleep(wait);
        }
        const status = await post(base, call, token, stationId);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
        done++;
      }
    }),
  );
  return { done, statuses };
}

let server: ServerProcess | undefined;
let db: ReturnType<typeof createDb> | undefined;
try {
  const load = () =>
    os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' ');
  console.log(
    `per call: ${clients} clients${args.rate ? ` at ${args.rate} req/s in all` : ''}, ${forMs / 1000} s each; ` +
      `machine load ${load()}`,
  );
  server = await startServer(
    path.resolve(args.server ?? path.join(import.meta.dirname, '../..')),
    args.profile ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${path.resolve(args.profile)}` } : {},
  );
  db = createDb(server.databaseUrl, { max: 2 });
  const site = await seed(
    db,
    { sessions: Number(args.sessions), chargers: 200, sampled: 200, readings: 10 },
    () => {},
  );
  const base = server.ocppUrl.replace(/^ws/, 'http').replace(/\/ocpp$/, '');
  const chosen = args.only ? calls.filter((c) => c.name.includes(args.only!)) : calls;
  for (const call of chosen) await loop(base, call, site.token, site.stationId, 1000); // warm-up
  const rows = [['call', 'req/s', 'HTTP', 'node ms/req', 'of which system', 'pg ms/req']];
  for (let round = 0; round < Number(args.rounds); round++) {
    for (const call of chosen) {
      const node0 = cpuSeconds(server.pid);
      const sys0 = userSystem(server.pid).system;
      const pg0 = treeCpuSeconds(server.pid);
      const { done, statuses } = await loop(base, call, site.token, site.stationId, forMs);
      const node = ((cpuSeconds(server.pid) - node0) * 1000) / done;
      const system = ((userSystem(server.pid).system - sys0) * 1000) / done;
      const pg = ((treeCpuSeconds(server.pid) - pg0) * 1000) / done;
      rows.push([
        call.name,
        count(done / (forMs / 1000)),
        [...statuses].map(([s, n]) => `${s}x${n}`).join(' '),
        node.toFixed(3),
        system.toFixed(3),
        pg.toFixed(3),
      ]);
    }
  }
  console.log(table(rows));
  console.log(`machine load after: ${load()}`);
} catch (error) {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exitCode = 1;
} finally {
  await db?.destroy();
  await server?.stop();
}
