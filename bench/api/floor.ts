// node bench/api/floor.ts [--clients 20 --seconds 5] — what an HTTP request costs the server process before any of
// our code: a bare node:http server and a bare fastify (the server's version, a POST route that parses a JSON body
// and answers a 365-byte JSON, as the site detail does), each in a child process, called by the same closed loop of
// kept connections as bench/api/per-call.ts. Printed: requests/s and CPU per request (user + system, /proc).
import { spawn } from 'node:child_process';
import http from 'node:http';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { setTimeout as sleep } from 'node:timers/promises';
import { table } from '../ocpp/figures.ts';
import { cpuSeconds } from '../ocpp/proc-stats.ts';
import { freePort } from '../ocpp/server-process.ts';

const { values: args } = parseArgs({
  options: { clients: { type: 'string', default: '20' }, seconds: { type: 'string', default: '5' } },
});
const clients = Number(args.clients);
const forMs = Number(args.seconds) * 1000;

const answer = JSON.stringify({ status: 200, msg: 'success', data: { name: 'x'.repeat(300) } });
const servers: Record<string, string> = {
  'node:http': `
    const http = require('node:http');
    http.createServer((req, res) => {
      const chunks = [];
      req.on('data', (c) => chunks.push(c));
      req.on('end', () => {
        JSON.parse(Buffer.concat(chunks).toString());
        res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(ANSWER) });
        res.end(ANSWER);
      });
    }).listen(PORT, '127.0.0.1');`,
  fastify: `
    const app = require('fastify')({ logger: { level: 'warn' } });
    app.post('/cms-system/system/station/v2/detail', async () => JSON.parse(ANSWER));
    app.listen({ port: PORT, host: '127.0.0.1' });`,
};

const agent = new http.Agent({ keepAlive: true, maxSockets: clients });
const post = (port: number) =>
  new Promise<void>((resolve, reject) => {
    const payload = '{"stationId":1}';
    const request = http.request(
      `http://127.0.0.1:${port}/cms-system/system/station/v2/detail`,
      {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': payload.length },
      },
      (response) => {
        response.resume();
        response.on('end', resolve);
      },
    );
    request.on('error', reject);
    request.end(payload);
  });

const rows = [['server', 'req/s', 'CPU ms/req']];
console.log(`floor: ${clients} clients, ${forMs / 1000} s each; machine load ${os.loadavg()[0]!.toFixed(1)}`);
for (const [name, source] of Object.entries(servers)) {
  const port = await freePort();
  const child = spawn(
    process.execPath,
    ['-e', source.replaceAll('PORT', String(port)).replaceAll('ANSWER', JSON.stringify(answer))],
    { cwd: `${import.meta.dirname}/../../apps/server`, stdio: 'inherit' },
  );
  try {
    for (let i = 0; ; i++) {
      try {
        await post(port);
        break;
      } catch (error) {
        if (i > 100) throw error;
        await sleep(100);
      }
    }
    const run = async (ms: number) => {
      let done = 0;
      const end = performance.now() + ms;
      await Promise.all(
        Array.from({ length: clients }, async () => {
          while (performance.now() < end) {
            await post(port);
            done++;
          }
        }),
      );
      return done;
    };
    await run(1000);
    const before = cpuSeconds(child.pid!);
    const done = await run(forMs);
    rows.push([
      name,
      String(Math.round(done / (forMs / 1000))),
      (((cpuSeconds(child.pid!) - before) * 1000) / done).toFixed(3),
    ]);
  } finally {
    child.kill();
  }
}
console.log(table(rows));
agent.destroy();
