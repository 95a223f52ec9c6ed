import { daysIn, periodIn, previousPeriod, wallClockOf, type InstantRange } from '@plugboard/pricing';
import type { OverviewPeriodName } from '@plugboard/contract';

export type PeriodChoice = {
  period: OverviewPeriodName;
  firstDay?: string | undefined;
  lastDay?: string | undefined;
};

const dayMs = 86_400_000;
const isoDay = (t: number) => new Date(t).toISOString().slice(0, 10);

/**
 * A period of the overview and the one before it, as instants in the site's zone (@plugboard/pricing, the same
 * arithmetic the console uses). A custom range of N days is compared with the N days before it.
 */
export function periodsOf(
  choice: PeriodChoice,
  timeZone: string,
  now: Date,
): { period: InstantRange; previous: InstantRange; days: number } {
  if (choice.period !== 'custom') {
    const period = periodIn(choice.period, timeZone, now);
    return { period, previous: previousPeriod(choice.period, timeZone, now), days: daysOf(period, timeZone) };
  }
  const first = Date.parse(choice.firstDay ?? isoDay(now.getTime()));
  const last = Date.parse(choice.lastDay ?? isoDay(now.getTime()));
  const days = Math.round((last - first) / dayMs) + 1;
  return {
    period: daysIn(isoDay(first), isoDay(last), timeZone),
    previous: daysIn(isoDay(first - days * dayMs), isoDay(first - dayMs), timeZone),
    days,
  };
}

/** How many of the site's calendar days a range covers (a DST day counts as one). */
function daysOf(range: InstantRange, timeZone: string): number {
  const a = wallClockOf(new Date(range.from), timeZone);
  const b = wallClockOf(new Date(range.to), timeZone);
  return Math.round((Date.UTC(b.year, b.month - 1, b.day) - Date.UTC(a.year, a.month - 1, a.day)) / dayMs);
}
