// Phases 2 to 5: connect and boot every charger, steady load, reconnect storm, and the summary against the targets.
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Db } from '../../apps/server/src/db/client.ts';
import type { ClientPool } from './client-pool.ts';
import { cores, count, mib, seconds, table } from './figures.ts';
import { cpuSeconds, machineCpuSeconds, rssSampler, treeCpuSeconds } from './proc-stats.ts';
import type { LoadAction, LoadResult, UpResult } from './protocol.ts';
import { summariseLoad, summariseUp, targets } from './report.ts';
import { writeCounters } from './seed.ts';

export type Settings = {
  chargers: number;
  rate: number;
  durationMs: number;
  storm: number;
  mix: Record<LoadAction, number>;
  concurrency: number;
  stormConcurrency: number;
  connectTimeoutMs: number;
  stormTimeoutMs: number;
  callTimeoutMs: number;
};

type Context = {
  settings: Settings;
  clients: ClientPool;
  db: Db;
  serverPid: number | undefined;
  createMs: number;
  fileLimit: number;
  problems: (() => { count: number; byMessage: Map<string, number> }) | undefined;
};

// PostgreSQL's backends publish their table counters at most every second while busy and within 10 s once idle.
const statsFlushMs = 11_000;

export async function runPhases(c: Context): Promise<void> {
  const { settings, clients, serverPid } = c;
  const k = clients.pids.length;
  const cpu = cpuMeter(serverPid, clients.pids);
  const rss = serverPid ? rssSampler(serverPid) : undefined;
  const idleRss = rss?.take().now ?? NaN;
  const rows: string[][] = [
    ['phase', 'time', 'server CPU', 'PostgreSQL CPU', 'client CPU', 'kernel irq', 'other', 'server RSS peak'],
  ];
  const row = (name: string, wallMs: number, used: CpuUse) =>
    rows.push([
      name,
      seconds(wallMs),
      cores(used.server, wallMs),
      cores(used.pg, wallMs),
      cores(used.clients, wallMs),
      cores(used.interrupts, wallMs),
      // Per-process times and /proc/stat are sampled apart; a quiet machine can come out a hair below zero.
      cores(Math.max(0, used.machine - used.interrupts - used.server - used.pg - used.clients), wallMs),
      rss ? mib(rss.take().peak) : '-',
    ]);
  rows.push(['create chargers', seconds(c.createMs)]);
  const lines: string[] = [];

  console.log(`connecting ${settings.chargers} chargers (${settings.concurrency} at a time)...`);
  let mark = cpu.start();
  let t0 = performance.now();
  const up = summariseUp(
    await clients.each<UpResult>(
      {
        type: 'connect',
        concurrency: Math.ceil(settings.concurrency / k),
        timeoutMs: settings.connectTimeoutMs,
      },
      settings.connectTimeoutMs + 60_000,
    ),
  );
  row('connect + boot', performance.now() - t0, mark());
  lines.push(`connect  ${up.text}`);
  const heldRss = rss?.take().now ?? NaN;
  let held = up.accepted;

  let steady: { answeredPerS: number; p99: number; clean: boolean } | undefined;
  if (settings.durationMs > 0) {
    await sleep(statsFlushMs);
    const before = await writeCounters(c.db);
    console.log(`steady load: ${settings.rate} msg/s for ${settings.durationMs / 1000} s...`);
    mark = cpu.start();
    const results = await clients.each<LoadResult>(
      { type: 'load', rate: settings.rate / k, durationMs: settings.durationMs, mix: settings.mix },
      settings.durationMs + settings.callTimeoutMs + 60_000,
    );
    row('steady load', settings.durationMs, mark());
    held = Math.min(held, sum(results.map((r) => r.held)));
    console.log('waiting for PostgreSQL to publish its write counters...');
    await sleep(statsFlushMs);
    const after = await writeCounters(c.db);
    const s = summariseLoad(results, before, after, settings.durationMs);
    steady = s;
    lines.push(...s.text.map((t, i) => (i === 0 ? `steady   ${t}` : `         ${t}`)));
  }

  let storm: { wanted: number; accepted: number; wallMs: number; tenThousandthMs: number } | undefined;
  if (settings.storm > 0) {
    console.log(`reconnect storm: dropping ${settings.storm} chargers at once...`);
    mark = cpu.start();
    t0 = performance.now();
    const perClient = Math.ceil(settings.storm / k);
    const s = summariseUp(
      await clients.each<UpResult>(
        {
          type: 'storm',
          count: perClient,
          concurrency: Math.ceil(settings.stormConcurrency / k),
          timeoutMs: settings.stormTimeoutMs,
        },
        settings.stormTimeoutMs + 60_000,
      ),
    );
    row('reconnect storm', performance.now() - t0, mark());
    storm = s;
    lines.push(`storm    ${s.text}`);
  }

  if (rss) {
    const perCharger = (heldRss - idleRss) / Math.max(1, up.accepted);
    lines.push(
      `memory   server RSS ${mib(idleRss)} before connecting, ${mib(heldRss)} with ${count(up.accepted)} ` +
        `chargers (${(perCharger / 1024).toFixed(1)} KiB each), ${mib(rss.take().now)} at the end`,
    );
    rss.stop();
  }
  const problems = c.problems?.();
  if (problems) {
    lines.push(`log      ${problems.count} warning/error line(s) from the server`);
    for (const [message, n] of [...problems.byMessage].slice(0, 5)) lines.push(`         ${n} x ${message}`);
  }

  console.log(`\n${table(rows)}\n(CPU: cores busy over the phase, of the ${os.availableParallelism()} this machine has. 'kernel irq' is interrupt and
softirq time, mostly the loopback TCP of all the above; 'other' is every other process meanwhile)\n`);
  console.log(lines.join('\n'));
  console.log(`\n${table(targets(settings, c.fileLimit, held, steady, storm))}`);
}

type CpuUse = { server: number; pg: number; clients: number; machine: number; interrupts: number };

/** CPU seconds used by the server, its PostgreSQL and the load clients (with this process) since `start()`. */
function cpuMeter(serverPid: number | undefined, clientPids: number[]) {
  const read = (): CpuUse => {
    const own = process.cpuUsage();
    const machine = machineCpuSeconds();
    return {
      server: serverPid ? cpuSeconds(serverPid) : NaN,
      pg: serverPid ? treeCpuSeconds(serverPid) : NaN,
      clients: sum(clientPids.map(cpuSeconds)) + (own.user + own.system) / 1e6,
      machine: machine.busy,
      interrupts: machine.interrupts,
    };
  };
  return {
    start: () => {
      const from = read();
      return (): CpuUse => {
        const to = read();
        return {
          server: to.server - from.server,
          pg: to.pg - from.pg,
          clients: to.clients - from.clients,
          machine: to.machine - from.machine,
          interrupts: to.interrupts - from.interrupts,
        };
      };
    },
  };
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
