// Phases 2 to 5: connect and boot every charger, steady load, reconnect storm, and the summary against the targets.
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import type { Db } from '../../apps/server/src/db/client.ts';
import type { ClientPool } from './client-pool.ts';
import { cores, count, mib, seconds, sum, sumByNode, table } from './figures.ts';
import { cpuMeter, rssMeter, type CpuUse } from './meters.ts';
import type { LoadAction, LoadResult, UpResult } from './protocol.ts';
import { logLines, nodeTable, summariseLoad, summariseUp, type NodeTable } from './report.ts';
import { targets, type Steady, type Storm } from './targets.ts';
import { writeCounters } from './seed.ts';
import { statementsMeter } from './statements.ts';
import { pgSampler, writeTimeline } from './timeline.ts';

export type Settings = {
  /** Server nodes sharing one PostgreSQL; charger i connects to node i mod N. */
  nodes: number;
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
  /** Print the steady phase's statements (pg_stat_statements, node-1's PostgreSQL loads it: statements.ts). */
  statements: boolean;
  /** Write the steady phase second by second (timeline.ts): the file, and where the nodes write their traces. */
  timeline: { file: string; traceDir: string } | undefined;
};

/** A server node under load; a running server (--url) is one node whose pid is known only with --pid. */
export type NodeUnderTest = {
  id: string;
  pid: number | undefined;
  problems?: () => { count: number; byMessage: Map<string, number> };
};

type Context = {
  settings: Settings;
  clients: ClientPool;
  db: Db;
  nodes: NodeUnderTest[];
  createMs: number;
  fileLimit: number;
};

// PostgreSQL's backends publish their table counters at most every second while busy and within 10 s once idle.
const statsFlushMs = 11_000;

export async function runPhases(c: Context): Promise<void> {
  const { settings, clients, nodes } = c;
  const k = clients.pids.length;
  const many = nodes.length > 1;
  const cpu = cpuMeter(
    nodes.map((n) => n.pid),
    clients.pids,
  );
  const pids = nodes.map((n) => n.pid);
  const rss = pids.every((pid) => pid !== undefined) ? rssMeter(pids) : undefined;
  const idleRss = rss?.take().now ?? [];
  const rows: string[][] = [
    [
      'phase',
      'time',
      many ? 'nodes CPU' : 'server CPU',
      'PostgreSQL CPU',
      'client CPU',
      'kernel irq',
      'other',
      many ? 'nodes RSS peak (sum)' : 'server RSS peak',
    ],
  ];
  const perNode: NodeTable = { ids: nodes.map((n) => n.id), held: [], cpu: [] };
  const row = (name: string, wallMs: number, used: CpuUse) => {
    const server = sum(used.nodes);
    perNode.cpu.push({ phase: name, wallMs, seconds: used.nodes });
    rows.push([
      name,
      seconds(wallMs),
      cores(server, wallMs),
      cores(used.pg, wallMs),
      cores(used.clients, wallMs),
      cores(used.interrupts, wallMs),
      // Per-process times and /proc/stat are sampled apart; a quiet machine can come out a hair below zero.
      cores(Math.max(0, used.machine - used.interrupts - server - used.pg - used.clients), wallMs),
      rss ? mib(sum(rss.take().peak)) : '-',
    ]);
  };
  rows.push(['create chargers', seconds(c.createMs)]);
  const lines: string[] = [];

  // Connecting is measured by its cost too, which a busy machine does not distort as it does times: CPU and
  // commits per charger over the phase and the 11 s after it (a boot's status check runs 5 s later, the message
  // log is written behind). The counters need PostgreSQL to have published the chargers' creation first.
  await sleep(statsFlushMs);
  let counters = await writeCounters(c.db);
  const perConnection = (used: CpuUse, commits: number, connections: number) => {
    const each = (cpuSeconds: number) => `${((cpuSeconds * 1000) / Math.max(1, connections)).toFixed(2)} ms`;
    return (
      `per connection (handshake + boot + first status, and what follows within 11 s): CPU PostgreSQL ` +
      `${each(used.pg)}, ${many ? 'nodes' : 'server'} ${each(sum(used.nodes))}; ` +
      `${(commits / Math.max(1, connections)).toFixed(1)} commits`
    );
  };

  console.log(`connecting ${settings.chargers} chargers (${settings.concurrency} at a time)...`);
  let mark = cpu.start();
  const connectCost = cpu.start();
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
  const heldRss = rss?.take().now ?? [];
  await sleep(statsFlushMs);
  {
    const after = await writeCounters(c.db);
    lines.push(`         ${perConnection(connectCost(), after.commits - counters.commits, up.accepted)}`);
    counters = after;
  }
  let held = up.accepted;
  perNode.held = up.acceptedByNode;

  let steady: Steady | undefined;
  if (settings.durationMs > 0) {
    const before = counters;
    console.log(`steady load: ${settings.rate} msg/s for ${settings.durationMs / 1000} s...`);
    const statements = settings.statements ? await statementsMeter(c.db) : undefined;
    const sampling = settings.timeline && pgSampler(c.db);
    const startAt = Date.now();
    mark = cpu.start();
    const results = await clients.each<LoadResult>(
      { type: 'load', rate: settings.rate / k, durationMs: settings.durationMs, mix: settings.mix },
      settings.durationMs + settings.callTimeoutMs + 60_000,
    );
    const used = mark();
    const pgSamples = sampling && (await sampling());
    row('steady load', settings.durationMs, used);
    held = Math.min(held, sum(results.map((r) => r.held)));
    perNode.held = sumByNode(results.map((r) => r.heldByNode));
    perNode.answeredPerS = sumByNode(results.map((r) => r.answeredByNode)).map(
      (n) => n / (settings.durationMs / 1000),
    );
    console.log('waiting for PostgreSQL to publish its write counters...');
    await sleep(statsFlushMs);
    const after = await writeCounters(c.db);
    counters = after;
    const s = summariseLoad(results, before, after, settings.durationMs);
    steady = s;
    lines.push(...s.text.map((t, i) => (i === 0 ? `steady   ${t}` : `         ${t}`)));
    // CPU time per answered message: unlike round trips, it holds on a machine that other work keeps busy.
    const perMessage = (cpuSeconds: number) =>
      `${((cpuSeconds * 1000) / ((s.answeredPerS * settings.durationMs) / 1000)).toFixed(2)} ms`;
    lines.push(
      `         CPU per answered message: PostgreSQL ${perMessage(used.pg)}, ` +
        `${many ? 'nodes' : 'server'} ${perMessage(sum(used.nodes))}`,
    );
    if (statements) lines.push(...(await statements((s.answeredPerS * settings.durationMs) / 1000)));
    if (settings.timeline && pgSamples) {
      lines.push(
        ...writeTimeline({
          ...settings.timeline,
          nodeIds: nodes.map((n) => n.id),
          startAt,
          durationMs: settings.durationMs,
          results,
          pg: pgSamples,
          slowMs: 250,
        }),
      );
    }
  }

  let storm: Storm | undefined;
  if (settings.storm > 0) {
    console.log(`reconnect storm: dropping ${settings.storm} chargers at once...`);
    mark = cpu.start();
    const stormCost = cpu.start();
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
    perNode.stormBack = s.acceptedByNode;
    lines.push(`storm    ${s.text}`);
    await sleep(statsFlushMs);
    const after = await writeCounters(c.db);
    // A reconnect also closes the old socket: its disconnect is part of the cost.
    lines.push(`         ${perConnection(stormCost(), after.commits - counters.commits, s.accepted)}`);
  }

  if (rss) {
    const perCharger = (sum(heldRss) - sum(idleRss)) / Math.max(1, up.accepted);
    lines.push(
      `memory   ${many ? `RSS of the ${nodes.length} nodes together` : 'server RSS'} ${mib(sum(idleRss))} ` +
        `before connecting, ${mib(sum(heldRss))} with ${count(up.accepted)} ` +
        `chargers (${(perCharger / 1024).toFixed(1)} KiB each), ${mib(sum(rss.take().now))} at the end`,
    );
    perNode.rssHeld = heldRss;
    perNode.rssPeak = rss.runPeaks();
    rss.stop();
  }
  lines.push(...logLines(nodes));

  console.log(`\n${table(rows)}\n(CPU: cores busy over the phase, of the ${os.availableParallelism()} this machine has. 'kernel irq' is interrupt and
softirq time, mostly the loopback TCP of all the above; 'other' is every other process meanwhile)\n`);
  console.log(lines.join('\n'));
  if (many) console.log(`\n${table(nodeTable(perNode))}`);
  console.log(`\n${table(targets(settings, c.fileLimit, held, steady, storm))}`);
}
