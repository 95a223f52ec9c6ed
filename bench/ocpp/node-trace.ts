// Loaded into each server node with `--import` when the benchmark runs with `--timeline` (bench/ocpp/README.md): it
// writes, every 250 ms, how late the node's event loop was, the garbage collections that paused it, the CPU it used
// and the size of its heap and old generation, one JSON line per window, to BENCH_TRACE_DIR/<NODE_ID>.jsonl. The
// server's own code knows nothing of it.
import fs from 'node:fs';
import path from 'node:path';
import { monitorEventLoopDelay, PerformanceObserver, constants } from 'node:perf_hooks';
import v8 from 'node:v8';
import { sum } from './figures.ts';

const dir = process.env.BENCH_TRACE_DIR;
if (dir) {
  const file = path.join(dir, `${process.env.NODE_ID ?? process.pid}.jsonl`);
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const kinds: Record<number, string> = {
    [constants.NODE_PERFORMANCE_GC_MAJOR]: 'major',
    [constants.NODE_PERFORMANCE_GC_MINOR]: 'minor',
    [constants.NODE_PERFORMANCE_GC_INCREMENTAL]: 'incremental',
    [constants.NODE_PERFORMANCE_GC_WEAKCB]: 'weakcb',
  };
  let gc: { at: number; ms: number; kind: string }[] = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      const kind = (entry as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind ?? -1;
      gc.push({
        at: Math.round(performance.timeOrigin + entry.startTime),
        ms: Math.round(entry.duration * 10) / 10,
        kind: kinds[kind] ?? String(kind),
      });
    }
  }).observe({ entryTypes: ['gc'] });
  // The old generation (what survived the young one, what V8 allocates there directly, and large objects): between
  // major collections it grows mostly by what the node promotes.
  const oldBytes = () =>
    sum(
      v8
        .getHeapSpaceStatistics()
        .filter((s) => s.space_name === 'old_space' || s.space_name === 'large_object_space')
        .map((s) => s.space_used_size),
    );
  let cpu = process.cpuUsage();
  const lines: string[] = [];
  const timer = setInterval(() => {
    const used = process.cpuUsage(cpu);
    cpu = process.cpuUsage();
    lines.push(
      JSON.stringify({
        at: Date.now(),
        loopMaxMs: Math.round(loop.max / 1e5) / 10,
        cpuMs: Math.round((used.user + used.system) / 1000),
        heapMiB: Math.round(process.memoryUsage().heapUsed / 1048576),
        oldKiB: Math.round(oldBytes() / 1024),
        gc,
      }),
    );
    loop.reset();
    gc = [];
    if (lines.length >= 8) fs.appendFileSync(file, lines.splice(0).join('\n') + '\n');
  }, 250);
  timer.unref();
  process.once('exit', () => {
    if (lines.length > 0) fs.appendFileSync(file, lines.join('\n') + '\n');
  });
}
