// The figures of each phase, in words, and the table of targets.
import { count, merged, ms, quantile, seconds, spread } from './figures.ts';
import { loadActions, type LoadAction, type LoadResult, type UpResult } from './protocol.ts';
import type { WriteCounters } from './seed.ts';
import type { Settings } from './phases.ts';

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
  return { wanted, accepted, wallMs: lastAccepted, tenThousandthMs, text };
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
  const text = [
    `answered ${count(answeredAll)} of ${count(sum(Object.values(sent)))} CALLs sent: ` +
      `${count(answeredAll / seconds)} msg/s (${loadActions.map((a) => `${a} ${count(answered[a])}`).join(', ')})`,
    `round trip, all      ${spread(all)}`,
    ...loadActions.map((a) => `  ${a.padEnd(20)}${spread(merged(results.map((r) => r.latencies[a])))}`),
    `persisted ${count((meterRows + connectorWrites) / seconds)} msg/s, checked in PostgreSQL: meter_values ` +
      `+${count(meterRows)} rows (MeterValues answered ${count(answered.MeterValues)}), connectors ` +
      `+${count(connectorWrites)} writes (StatusNotification answered ${count(answered.StatusNotification)}), ` +
      `chargers +${count(chargerWrites)} writes, ${count((after.commits - before.commits) / seconds)} commits/s ` +
      `(Heartbeat stores nothing, by design)`,
    `CALLERRORs ${errors}, timeouts ${timeouts}, not sent (every charger had a CALL in flight) ${notSent}`,
    `load clients' event-loop delay p99 ${ms(Math.max(...results.map((r) => r.loopDelayP99Ms)))}, ` +
      `max ${ms(Math.max(...results.map((r) => r.loopDelayMaxMs)))} (it adds to the round trips they measure)`,
  ];
  return { answeredPerS: answeredAll / seconds, p99, clean: errors + timeouts + notSent === 0, text };
}

export function targets(
  s: Settings,
  fileLimit: number,
  held: number,
  steady: { answeredPerS: number; p99: number; clean: boolean } | undefined,
  storm: { wanted: number; accepted: number; wallMs: number; tenThousandthMs: number } | undefined,
): string[][] {
  const rows = [['target', 'reached', '']];
  const heldNote = s.chargers < 20_000 ? ` (ran with ${count(s.chargers)})` : '';
  const fdNote = fileLimit < 20_100 ? `; open files are limited to ${fileLimit} per process here` : '';
  rows.push([
    '20,000 chargers held',
    `${count(held)} held${heldNote}${fdNote}`,
    held >= 20_000 ? 'OK' : s.chargers < 20_000 && held === s.chargers ? 'NOT TESTED' : 'SHORT',
  ]);
  if (!steady) rows.push(['2,000 msg/s with p99 <= 250 ms', 'no steady phase (--duration 0)', 'NOT TESTED']);
  else {
    const ok = steady.answeredPerS >= 1980 && steady.p99 <= 250 && steady.clean;
    const note = s.rate < 2000 ? ` (ran at ${count(s.rate)} msg/s)` : steady.clean ? '' : ' (with failures)';
    rows.push([
      '2,000 msg/s with p99 <= 250 ms',
      `${count(steady.answeredPerS)} msg/s, p99 ${ms(steady.p99)}${note}`,
      ok ? 'OK' : s.rate < 2000 && steady.clean && steady.p99 <= 250 ? 'NOT TESTED' : 'SHORT',
    ]);
  }
  if (!storm) rows.push(['10,000 chargers back within 60 s', 'no storm (--storm 0)', 'NOT TESTED']);
  else {
    const all = storm.accepted === storm.wanted;
    // A bigger storm is judged by its 10,000th charger back (the others compete with it: a harder test).
    const atTarget = storm.wanted === 10_000 ? storm.wallMs : storm.tenThousandthMs;
    const ok = storm.wanted >= 10_000 && atTarget <= 60_000 && (all || storm.wanted > 10_000);
    const tenth = storm.wanted > 10_000 ? `; the 10,000th after ${seconds(storm.tenThousandthMs)}` : '';
    rows.push([
      '10,000 chargers back within 60 s',
      `${count(storm.accepted)} of ${count(storm.wanted)} back, the last after ${seconds(storm.wallMs)}${tenth}`,
      ok ? 'OK' : storm.wanted < 10_000 && all ? 'NOT TESTED' : 'SHORT',
    ]);
  }
  return rows;
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);
