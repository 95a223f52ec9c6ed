// `--timeline FILE`: the steady phase second by second, to find what stalls a round trip. For each second it gives
// the round trips of the CALLs sent in it (p99 and max, per node), each node's event-loop delay, garbage collection
// and CPU (node-trace.ts, loaded into the nodes), and what PostgreSQL's processes were doing (pg_stat_activity and
// the WAL written, sampled every 250 ms).
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'kysely';
import type { Db } from '../../apps/server/src/db/client.ts';
import { quantile, sum, table } from './figures.ts';
import type { LoadResult } from './protocol.ts';

type NodeWindow = {
  at: number;
  loopMaxMs: number;
  cpuMs: number;
  heapMiB: number;
  oldKiB: number;
  gc: { at: number; ms: number; kind: string }[];
};
type PgSample = {
  at: number;
  walBytes: number;
  checkpointer: string;
  active: number;
  waits: Record<string, number>;
};

export const nodeTraceImport = path.join(import.meta.dirname, 'node-trace.ts');

/** Samples PostgreSQL every 250 ms until the returned function is called. */
export function pgSampler(db: Db): () => Promise<PgSample[]> {
  const samples: PgSample[] = [];
  let stopped = false;
  const run = (async () => {
    while (!stopped) {
      const t = Date.now();
      const { rows } = await sql<{
        wal: string;
        backend_type: string;
        state: string | null;
        wait: string | null;
      }>`
        select pg_wal_lsn_diff(pg_current_wal_lsn(), '0/0')::text as wal, backend_type, state,
          wait_event_type || ':' || wait_event as wait
        from pg_stat_activity where pid <> pg_backend_pid()`.execute(db);
      const waits: Record<string, number> = {};
      let active = 0;
      for (const r of rows) {
        if (r.backend_type === 'client backend' && r.state === 'active') {
          active++;
          const w = r.wait ?? 'CPU';
          waits[w] = (waits[w] ?? 0) + 1;
        }
      }
      samples.push({
        at: t,
        walBytes: Number(rows[0]?.wal ?? 0),
        checkpointer: rows.find((r) => r.backend_type === 'checkpointer')?.wait ?? '-',
        active,
        waits,
      });
      await new Promise((r) => setTimeout(r, Math.max(0, 250 - (Date.now() - t))));
    }
  })();
  return async () => {
    stopped = true;
    await run;
    return samples;
  };
}

/**
 * Writes the timeline (one row a second) to `file` and returns a few lines for the summary: the seconds whose p99
 * was over `slowMs`, and what the nodes and PostgreSQL did then.
 */
export function writeTimeline(o: {
  file: string;
  traceDir: string;
  nodeIds: string[];
  startAt: number;
  durationMs: number;
  results: LoadResult[];
  pg: PgSample[];
  slowMs: number;
}): string[] {
  const seconds = Math.ceil(o.durationMs / 1000);
  const n = o.nodeIds.length;
  const trips = Array.from({ length: seconds }, () => Array.from({ length: n }, () => [] as number[]));
  for (const r of o.results) {
    for (let i = 0; i < r.trace.at.length; i++) {
      const s = Math.floor((r.trace.at[i]! - o.startAt) / 1000);
      if (s >= 0 && s < seconds) trips[s]![r.trace.node[i]!]!.push(r.trace.ms[i]!);
    }
  }
  const second = (at: number) => Math.floor((at - o.startAt) / 1000);
  // Each node's windows and collections by second. A window is stamped when it ends: the one ending in (s, s+1]
  // covers most of second s.
  const byNode = o.nodeIds.map((id) => {
    const file = path.join(o.traceDir, `${id}.jsonl`);
    const perSecond = Array.from({ length: seconds }, () => ({
      windows: [] as NodeWindow[],
      gc: [] as NodeWindow['gc'],
    }));
    if (!fs.existsSync(file)) return perSecond;
    for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
      if (!line) continue;
      const w = JSON.parse(line) as NodeWindow;
      perSecond[second(w.at - 1)]?.windows.push(w);
      for (const g of w.gc) perSecond[second(g.at)]?.gc.push(g);
    }
    return perSecond;
  });
  // What each node promoted: the old generation's growth from window to window, leaving out the windows with a major
  // collection (it shrinks then), per CALL sent to that node.
  const promoted = byNode.map((perSecond, j) => {
    const ws = perSecond.flatMap((p) => p.windows);
    let grown = 0;
    for (let i = 1; i < ws.length; i++) {
      if (!ws[i]!.gc.some((g) => g.kind === 'major')) grown += Math.max(0, ws[i]!.oldKiB - ws[i - 1]!.oldKiB);
    }
    const calls = sum(trips.map((t) => t[j]!.length));
    const majors = sum(perSecond.map((p) => p.gc.filter((g) => g.kind === 'major').length));
    return `${o.nodeIds[j]} ${calls ? ((grown * 1024) / calls / 1000).toFixed(2) : '-'} KB a CALL (major collections: ${majors})`;
  });
  const rows: string[][] = [];
  const slow: string[] = [];
  for (let s = 0; s < seconds; s++) {
    const cells = [String(s)];
    let worst = 0;
    const nodeText: string[] = [];
    for (let j = 0; j < n; j++) {
      // Nearest rank, as the summary's p99.
      const all = Float64Array.from(trips[s]![j]!).sort();
      const q = all.length ? quantile(all, 0.99) : 0;
      const max = all.at(-1) ?? 0;
      worst = Math.max(worst, q);
      const { windows: ws, gc } = byNode[j]![s]!;
      const loop = Math.max(0, ...ws.map((w) => w.loopMaxMs));
      const cpu = sum(ws.map((w) => w.cpuMs));
      const gcMs = sum(gc.map((g) => g.ms));
      const major = Math.max(0, ...gc.filter((g) => g.kind === 'major').map((g) => g.ms));
      const heap = ws.at(-1)?.heapMiB ?? 0;
      cells.push(
        `${Math.round(q)}/${Math.round(max)}`,
        `${Math.round(loop)}`,
        `${Math.round(gcMs)}${major ? ` M${Math.round(major)}` : ''}`,
        `${cpu}`,
        `${heap}`,
      );
      nodeText.push(
        `${o.nodeIds[j]} p99 ${Math.round(q)} loop ${Math.round(loop)} gc ${Math.round(gcMs)} cpu ${cpu}`,
      );
    }
    const ps = o.pg.filter((p) => second(p.at) === s);
    const prev = o.pg.filter((p) => second(p.at) < s).at(-1) ?? ps[0];
    const wal = ps.length && prev ? (ps.at(-1)!.walBytes - prev.walBytes) / 1048576 : 0;
    const ckpt = [...new Set(ps.map((p) => p.checkpointer))].join(',');
    const waits: Record<string, number> = {};
    for (const p of ps) for (const [w, k] of Object.entries(p.waits)) waits[w] = (waits[w] ?? 0) + k;
    const waitText = Object.entries(waits)
      .sort((a, b) => b[1] - a[1])
      .slice(0, 3)
      .map(([w, k]) => `${w}×${k}`)
      .join(' ');
    cells.push(wal.toFixed(1), ckpt, waitText);
    rows.push(cells);
    if (worst > o.slowMs)
      slow.push(`  s${s}: ${nodeText.join('; ')}; pg ${wal.toFixed(1)} MiB WAL, ${ckpt}, ${waitText}`);
  }
  const header = ['s'];
  for (const id of o.nodeIds) header.push(`${id} p99/max`, 'loop', 'gc (M major)', 'cpu ms', 'heap');
  header.push('WAL MiB', 'checkpointer', 'pg active waits (4 samples)');
  fs.writeFileSync(o.file, table([header, ...rows]) + '\n');
  return [
    `timeline written to ${o.file}: ${slow.length} of ${seconds} seconds had a p99 over ${o.slowMs} ms`,
    `  promoted to the old generation (outside major collections): ${promoted.join('; ')}`,
    ...slow.slice(0, 20),
  ];
}
