import { dayMs, parseClock } from './bands.ts';
import { firstOffsetChange, utcOffsetMs } from './clock.ts';
import type { Tariff } from './types.ts';

/** [from, to) in epoch ms during which one band (index into tariff.bands, or null for base prices) is in force. */
export type Segment = { from: number; to: number; band: number | null };

/** ISO weekday (1 = Monday) of a day that starts at `dayStart` ms of a local "epoch" (1970-01-01 was a Thursday). */
const isoWeekday = (dayStart: number) => ((((dayStart / dayMs + 3) % 7) + 7) % 7) + 1;

/**
 * Cuts [start, end] into segments of constant band. Bands are wall-clock times, so the timeline is walked in
 * stretches of constant UTC offset: within one, local time = instant + offset, and a band edge at local time L
 * is the instant L - offset. A DST switch ends a stretch; the clock then decides, so an edge in the skipped
 * spring hour takes effect at the switch and a band in the repeated autumn hour applies both times.
 * Always returns at least one segment (a zero-length one when start = end).
 */
export function bandTimeline(tariff: Tariff, start: number, end: number): Segment[] {
  if (tariff.priceModel === 'static' || tariff.bands.length === 0)
    return [{ from: start, to: end, band: null }];
  const bands = tariff.bands.map((b) => ({
    days: new Set(b.days),
    from: parseClock(b.from) ?? 0,
    to: parseClock(b.to) ?? 0,
  }));
  const edges = [...new Set([...bands.flatMap((b) => [b.from, b.to]), dayMs])].sort((a, b) => a - b);
  const segments: Segment[] = [];
  let at = start;
  do {
    const offset = utcOffsetMs(tariff.timeZone, at);
    const local = at + offset;
    const dayStart = Math.floor(local / dayMs) * dayMs;
    const clock = local - dayStart;
    const weekday = isoWeekday(dayStart);
    const found = bands.findIndex((b) => b.days.has(weekday) && b.from <= clock && clock < b.to);
    const band = found === -1 ? null : found;
    const nextEdge = edges.find((e) => e > clock) ?? dayMs;
    let cut = Math.min(end, dayStart + nextEdge - offset);
    if (cut > at && utcOffsetMs(tariff.timeZone, cut - 1) !== offset) {
      cut = firstOffsetChange(tariff.timeZone, at, cut - 1, offset);
    }
    const last = segments.at(-1);
    if (last && last.band === band) last.to = cut;
    else segments.push({ from: at, to: cut, band });
    at = cut;
  } while (at < end);
  return segments;
}
