// node bench/api/serialize.ts [--sessions 20000 --rounds 5] — the CPU of writing the three bench:api answers (the
// sessions list, the chargers list, the site detail: first page of 10), in this process: the zod parse and
// JSON.stringify that fastify-type-provider-zod did for every answer, against lib/answer-serializer.ts
// (fast-json-stringify from the contract's schemas). The answers are real ones, read from a fresh server (its
// embedded PostgreSQL) with the bench's site; the two ways are timed in turn, several rounds, so that what else runs
// on the machine weighs on both alike.
import http from 'node:http';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { calls, consoleRequestHeaders, envelope, type CallDefinition } from '@plugboard/contract';
import { createDb } from '../../apps/server/src/db/client.ts';
import { answerSerializer } from '../../apps/server/src/lib/answer-serializer.ts';
import { table } from '../ocpp/figures.ts';
import { startServer, type ServerProcess } from '../ocpp/server-process.ts';
import { seed } from '../sessions/seed.ts';
import type {} from 'fastify';

const { values: args } = parseArgs({
  options: { sessions: { type: 'string', default: '20000' }, rounds: { type: 'string', default: '5' } },
});

function post(base: string, call: string, token: string, body: unknown): Promise<unknown> {
  const payload = JSON.stringify(body);
  return new Promise((resolve, reject) => {
    const request = http.request(
      base + call,
      {
        method: 'POST',
        headers: {
          ...consoleRequestHeaders(call, token),
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (c: Buffer) => chunks.push(c));
        response.on('end', () => resolve(JSON.parse(Buffer.concat(chunks).toString())));
      },
    );
    request.on('error', reject);
    request.end(payload);
  });
}

/** CPU microseconds per run of `f`, over about `ms` of work. */
function cpuPer(f: () => void, ms: number): number {
  let n = 0;
  const start = process.cpuUsage();
  const end = performance.now() + ms;
  while (performance.now() < end) {
    for (let i = 0; i < 100; i++) f();
    n += 100;
  }
  const used = process.cpuUsage(start);
  return (used.user + used.system) / n;
}

let server: ServerProcess | undefined;
let db: ReturnType<typeof createDb> | undefined;
try {
  server = await startServer(path.join(import.meta.dirname, '../..'), {});
  db = createDb(server.databaseUrl, { max: 2 });
  const site = await seed(
    db,
    { sessions: Number(args.sessions), chargers: 200, sampled: 200, readings: 10 },
    () => {},
  );
  const base = server.ocppUrl.replace(/^ws/, 'http').replace(/\/ocpp$/, '');
  const chosen: [string, unknown][] = [
    ['/cms-system/system/session/v2/list', { stationId: site.stationId, pageNum: 1, pageSize: 10 }],
    ['/cms-system/system/charger/v2/list', { stationId: site.stationId, pageNum: 1, pageSize: 10 }],
    ['/cms-system/system/station/v2/detail', { stationId: site.stationId }],
  ];
  const rows = [['answer', 'bytes', 'zod + JSON.stringify µs', 'fast-json-stringify µs']];
  for (const [call, body] of chosen) {
    const answer = await post(base, call, site.token, body);
    const schema = envelope((calls[call as keyof typeof calls] as CallDefinition).data);
    const fast = answerSerializer(schema, false);
    const zod = (data: unknown) => JSON.stringify(schema.parse(data));
    if (fast(answer) !== zod(answer)) throw new Error(`${call}: the two write different texts`);
    const a: number[] = [];
    const b: number[] = [];
    for (let r = 0; r < Number(args.rounds); r++) {
      a.push(cpuPer(() => zod(answer), 300));
      b.push(cpuPer(() => fast(answer), 300));
    }
    const median = (xs: number[]) => xs.sort((x, y) => x - y)[Math.floor(xs.length / 2)]!;
    rows.push([call, String(JSON.stringify(answer).length), median(a).toFixed(1), median(b).toFixed(1)]);
  }
  console.log(table(rows));
} catch (error) {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exitCode = 1;
} finally {
  await db?.destroy();
  await server?.stop();
}
