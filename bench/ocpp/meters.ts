// CPU and memory over the phases: each server node's Node process, PostgreSQL (every process under the nodes: the
// embedded database is node-1's child), the load clients (with this process), and the whole machine.
import { sum } from './figures.ts';
import { cpuSeconds, machineCpuSeconds, rssSampler, treeCpuSeconds } from './proc-stats.ts';

/** CPU seconds; NaN for what has no known pid (a running server given without --pid). */
export type CpuUse = { nodes: number[]; pg: number; clients: number; machine: number; interrupts: number };

/** CPU seconds used by the nodes, their PostgreSQL and the load clients (with this process) since `start()`. */
export function cpuMeter(nodePids: (number | undefined)[], clientPids: number[]) {
  const read = (): CpuUse => {
    const own = process.cpuUsage();
    const machine = machineCpuSeconds();
    return {
      nodes: nodePids.map((pid) => (pid ? cpuSeconds(pid) : NaN)),
      pg: sum(nodePids.map((pid) => (pid ? treeCpuSeconds(pid) : NaN))),
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
          nodes: to.nodes.map((seconds, i) => seconds - from.nodes[i]!),
          pg: to.pg - from.pg,
          clients: to.clients - from.clients,
          machine: to.machine - from.machine,
          interrupts: to.interrupts - from.interrupts,
        };
      };
    },
  };
}

/** Each node's RSS, sampled every 500 ms; `take()` gives the peaks since the last call, `runPeaks()` since the start. */
export function rssMeter(pids: number[]) {
  const samplers = pids.map((pid) => rssSampler(pid));
  const runPeaks = pids.map(() => 0);
  return {
    take: () => {
      const taken = samplers.map((s) => s.take());
      taken.forEach((t, i) => (runPeaks[i] = Math.max(runPeaks[i]!, t.peak)));
      return { peak: taken.map((t) => t.peak), now: taken.map((t) => t.now) };
    },
    runPeaks: () => [...runPeaks],
    stop: () => samplers.forEach((s) => s.stop()),
  };
}
