// The figures of each phase in words, the table of the server nodes, and what they logged.
import { cores, count, merged, mib, ms, quantile, seconds, spread, sum, sumByNode } from './figures.ts';
import { loadActions, type LoadAction, type LoadResult, type UpResult } from './protocol.ts';
import type { NodeUnderTest } from './phases.ts';
import type { WriteCounters } from './seed.ts';

export function summariseUp(results: UpResult[]) {
  const wanted = sum(results.map((r) => r.wanted));
  const accepted = sum(results.map((r) => r.accepted));
  const at = merged(results.map((r) => r.acceptedAtMs));
  const lastAccepted = quantile(at, 1);
  const failures = new Map<string, number>();
  for (const r of results)
    for (const [k, n] of Object.entries(r.failures)) failures.set(k, (failures.get(k) ?? 0) + n);
  const failed = [...failures].map(([k, n]) => `${k} x${n}`).join(', ') || 'none';
  const text =
    `${count(accepted)} of ${count(wanted)} Accepted, the last after ${seconds(lastAccepted)} ` +
    `(half after ${seconds(quantile(at, 0.5))}, 99 % after ${seconds(quantile(at, 0.99))}); ` +
    `their first StatusNotification answered by ${seconds(Math.max(...results.map((r) => r.settledMs)))}\n` +
    `         handshake ${spread(merged(results.map((r) => r.handshakeMs)))}\n` +
    `         boot      ${spread(merged(results.map((r) => r.bootMs)))}\n` +
    `         failed attempts (each retried): ${failed}`;
  // The 10,000th charger back, for the target, when more than 10,000 were dropped.
  const tenThousandthMs = at.length >= 10_000 ? at[9_999]! : NaN;
  const acceptedByNode = sumByNode(results.map((r) => r.acceptedByNode));
  return { wanted, accepted, acceptedByNode, wallMs: lastAccepted, tenThousandthMs, text };
}

export function summariseLoad(
  results: LoadResult[],
  before: WriteCounters,
  after: WriteCounters,
  durationMs: number,
) {
  const total = (f: (r: LoadResult) => Record<LoadAction, number>) =>
    Object.fromEntries(loadActions.map((a) => [a, sum(results.map((r) => f(r)[a]))])) as Record<
      LoadAction,
      number
    >;
  const sent = total((r) => r.sent);
  const answered = total((r) => r.answered);
  const all = merged(results.flatMap((r) => loadActions.map((a) => r.latencies[a])));
  const answeredAll = sum(Object.values(answered));
  const seconds = durationMs / 1000;
  const meterRows = after.meterRows - before.meterRows;
  const connectorWrites = after.written.connectors - before.written.connectors;
  const chargerWrites = after.written.chargers - before.written.chargers;
  const errors = sum(results.map((r) => r.callErrors));
  const timeouts = sum(results.map((r) => r.timeouts));
  const notSent = sum(results.map((r) => r.notSent));
  const p99 = quantile(all, 0.99);
  const persistedPerS = (meterRows + connectorWrites) / seconds;
  const text = [
    `answered ${count(answeredAll)} of ${count(sum(Object.values(sent)))} CALLs sent: ` +
      `${count(answeredAll / seconds)} msg/s (${loadActions.map((a) => `${a} ${count(answered[a])}`).join(', ')})`,
    `round trip, all      ${spread(all)}`,
    ...loadActions.map((a) => `  ${a.padEnd(20)}${spread(merged(results.map((r) => r.latencies[a])))}`),
    `persisted ${count(persistedPerS)} msg/s, checked in PostgreSQL: meter_values ` +
      `+${count(meterRows)} rows (MeterValues answered ${count(answered.MeterValues)}), connectors ` +
      `+${count(connectorWrites)} writes (StatusNotification answered ${count(answered.StatusNotification)}), ` +
      `chargers +${count(chargerWrites)} writes, ${count((after.commits - before.commits) / seconds)} commits/s ` +
      `(Heartbeat stores nothing, by design)`,
    `CALLERRORs ${errors}, timeouts ${timeouts}, not sent (every charger had a CALL in flight) ${notSent}`,
    `load clients' event-loop delay p99 ${ms(Math.max(...results.map((r) => r.loopDelayP99Ms)))}, ` +
      `max ${ms(Math.max(...results.map((r) => r.loopDelayMaxMs)))} (it adds to the round trips they measure)`,
  ];
  return {
    answeredPerS: answeredAll / seconds,
    persistedPerS,
    p99,
    clean: errors + timeouts + notSent === 0,
    text,
  };
}

/** What each server node held, answered and used; a column is left out when its phase did not run. */
export type NodeTable = {
  ids: string[];
  held: number[];
  answeredPerS?: number[];
  /** CPU seconds of each node's Node process, per phase. */
  cpu: { phase: string; wallMs: number; seconds: number[] }[];
  rssHeld?: number[];
  rssPeak?: number[];
  stormBack?: number[];
};

export function nodeTable(t: NodeTable): string[][] {
  const columns: [string, (i: number) => string, string][] = [
    ['chargers held', (i) => count(t.held[i] ?? 0), count(sum(t.held))],
  ];
  const { answeredPerS, rssHeld, rssPeak, stormBack } = t;
  if (answeredPerS)
    columns.push(['answered msg/s', (i) => count(answeredPerS[i] ?? 0), count(sum(answeredPerS))]);
  for (const { phase, wallMs, seconds } of t.cpu)
    columns.push([`CPU ${phase}`, (i) => cores(seconds[i] ?? NaN, wallMs), cores(sum(seconds), wallMs)]);
  if (rssHeld) columns.push(['RSS with chargers', (i) => mib(rssHeld[i] ?? 0), mib(sum(rssHeld))]);
  if (rssPeak) columns.push(['RSS peak', (i) => mib(rssPeak[i] ?? 0), mib(sum(rssPeak))]);
  if (stormBack) columns.push(['back after storm', (i) => count(stormBack[i] ?? 0), count(sum(stormBack))]);
  return [
    ['node', ...columns.map(([title]) => title)],
    ...t.ids.map((id, i) => [id, ...columns.map(([, cell]) => cell(i))]),
    ['total', ...columns.map(([, , total]) => total)],
  ];
}

/** The warnings and errors the servers logged, counted by message. */
export function logLines(nodes: NodeUnderTest[]): string[] {
  const logs = nodes.flatMap((n) => (n.problems ? [n.problems()] : []));
  if (logs.length === 0) return [];
  const byMessage = new Map<string, number>();
  for (const log of logs)
    for (const [message, n] of log.byMessage) byMessage.set(message, (byMessage.get(message) ?? 0) + n);
  const from = nodes.length > 1 ? `the ${nodes.length} servers` : 'the server';
  return [
    `log      ${sum(logs.map((l) => l.count))} warning/error line(s) from ${from}`,
    ...[...byMessage].slice(0, 5).map(([message, n]) => `         ${n} x ${message}`),
  ];
}
