// npm run bench:ocpp [-- --chargers 2000 --rate 2000 --duration 30 --storm 2000] — loads the OCPP 1.6J central
// system with simulated chargers that authenticate for real, and prints what it held against the targets of the
// issue: 20,000 chargers held; 2,000 messages/s with p99 <= 250 ms; 10,000 chargers back within 60 s after a drop.
// It starts the real server (node apps/server/src/main.ts) on loopback with a fresh embedded PostgreSQL, or loads
// a running one (--url, --database-url, --pid). bench/ocpp/README.md explains the phases and how to read them.
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import { createDb } from '../../apps/server/src/db/client.ts';
import { startClients, type ClientPool } from './client-pool.ts';
import { machineCpuSeconds, openFileLimit } from './proc-stats.ts';
import { loadActions, type LoadAction } from './protocol.ts';
import { runPhases, type Settings } from './phases.ts';
import { startServer, type ServerProcess } from './server-process.ts';
import { createChargers } from './seed.ts';

const { values: args } = parseArgs({
  options: {
    chargers: { type: 'string', default: '1000' },
    rate: { type: 'string', default: '2000' },
    duration: { type: 'string', default: '30' },
    storm: { type: 'string' },
    mix: { type: 'string', default: 'Heartbeat=30,StatusNotification=20,MeterValues=50' },
    concurrency: { type: 'string', default: '500' },
    'storm-concurrency': { type: 'string', default: '1000' },
    clients: { type: 'string' },
    url: { type: 'string' },
    'database-url': { type: 'string' },
    pid: { type: 'string' },
    'ping-interval': { type: 'string' },
    help: { type: 'boolean', default: false },
  },
});
if (args.help) {
  console.log(`npm run bench:ocpp -- [options]   (bench/ocpp/README.md)
  --chargers N            simulated chargers (1000)
  --rate R                messages per second in the steady phase, all chargers together (2000)
  --duration S            seconds of steady load (30; 0 skips it)
  --storm M               chargers dropped at once and reconnected (all; 0 skips it)
  --mix A=w,...           weights of Heartbeat, StatusNotification, MeterValues (30, 20, 50)
  --concurrency C         chargers between handshake and boot at once when connecting (500)
  --storm-concurrency C   the same in the reconnect storm (1000)
  --clients K             load client processes (one per 10,000 chargers)
  --ping-interval S       OCPP_PING_INTERVAL of the started server (the server's default, 60)
  --url ws://127.0.0.1:8080/ocpp   load a running server instead (loopback only); needs --database-url
  --pid P                 that server's process id, to read its CPU and memory`);
  process.exit(0);
}

const int = (name: string, value: string | undefined, min: number) => {
  const n = Number(value);
  if (!Number.isInteger(n) || n < min) throw new Error(`--${name} must be an integer >= ${min}`);
  return n;
};
const chargers = int('chargers', args.chargers, 1);
const mix = Object.fromEntries(loadActions.map((a) => [a, 0])) as Record<LoadAction, number>;
for (const part of args.mix.split(',')) {
  const [action, weight] = part.split('=');
  if (!loadActions.includes(action as LoadAction)) throw new Error(`--mix: unknown action ${action}`);
  mix[action as LoadAction] = Number(weight);
}
const settings: Settings = {
  chargers,
  rate: int('rate', args.rate, 1),
  durationMs: int('duration', args.duration, 0) * 1000,
  storm: Math.min(chargers, args.storm === undefined ? chargers : int('storm', args.storm, 0)),
  mix,
  concurrency: int('concurrency', args.concurrency, 1),
  stormConcurrency: int('storm-concurrency', args['storm-concurrency'], 1),
  connectTimeoutMs: 240_000,
  stormTimeoutMs: 180_000,
  callTimeoutMs: 30_000,
};
const clientCount = args.clients ? int('clients', args.clients, 1) : Math.ceil(chargers / 10_000);
const fileLimit = openFileLimit();

if (args.url && !/^wss?:\/\/(127\.\d+\.\d+\.\d+|localhost|\[::1\])(:\d+)?\//.test(args.url)) {
  throw new Error('--url must be a loopback address: this benchmark sends its load to this machine only');
}
if (args.url && !args['database-url']) throw new Error('--url needs --database-url to create the chargers');

// Every phase has its own time limit; this one catches anything that would still hang.
const watchdog = setTimeout(
  () => {
    console.error('the benchmark exceeded its overall time limit; stopping');
    void cleanup().finally(() => process.exit(2));
  },
  settings.connectTimeoutMs + settings.durationMs + settings.stormTimeoutMs + 300_000,
);

let server: ServerProcess | undefined;
let clients: ClientPool | undefined;
let db: ReturnType<typeof createDb> | undefined;
const cleanup = async () => {
  await clients?.stop();
  await db?.destroy();
  await server?.stop();
};
// Ctrl-C (or a timeout's SIGTERM) still stops the server and removes its data directory.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    console.error(`${signal}: stopping`);
    void cleanup().finally(() => process.exit(130));
  });
}

try {
  // The server shares the machine with everything else on it: say how busy it was before we started.
  const before = machineCpuSeconds().busy;
  await sleep(2000);
  const busyBefore = (machineCpuSeconds().busy - before) / 2;
  console.log(
    `OCPP benchmark: ${chargers} chargers, ${settings.rate} msg/s for ${settings.durationMs / 1000} s, ` +
      `storm of ${settings.storm}; ${clientCount} load client process(es); open-file limit ${fileLimit} per process; ` +
      `${busyBefore.toFixed(2)} of ${os.availableParallelism()} cores were busy before it started`,
  );
  const root = path.resolve(import.meta.dirname, '../..');
  server = args.url
    ? undefined
    : await startServer(root, args['ping-interval'] ? { OCPP_PING_INTERVAL: args['ping-interval'] } : {});
  const serverPid = server?.pid ?? (args.pid ? int('pid', args.pid, 1) : undefined);
  db = createDb(server?.databaseUrl ?? args['database-url']!, { max: 4 });

  const t = performance.now();
  const logins = await createChargers(db, chargers);
  const createMs = performance.now() - t;
  console.log(`created ${chargers} chargers in ${(createMs / 1000).toFixed(1)} s`);

  // A few thousand sockets per loopback source address keep clear of the ephemeral port range (about 28,000),
  // counting the TIME_WAIT ports the storm leaves behind.
  const addresses = Array.from({ length: Math.ceil(chargers / 4000) }, (_, i) => `127.0.0.${i + 2}`);
  clients = await startClients({
    count: clientCount,
    url: server?.ocppUrl ?? args.url!.replace(/\/$/, ''),
    chargers: logins,
    localAddresses: addresses,
    callTimeoutMs: settings.callTimeoutMs,
  });
  await runPhases({ settings, clients, db, serverPid, createMs, fileLimit, problems: server?.problems });
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
} finally {
  await cleanup();
  clearTimeout(watchdog);
}
