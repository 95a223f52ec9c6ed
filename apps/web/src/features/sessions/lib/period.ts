import { periodIn } from '@plugboard/pricing';
import { toLocalInput } from './range';

// Spec section 2's report period shortcuts, as ranges of whole days in the site's time zone (the browser's when none
// is given).

export const periodShortcuts = ['thisMonth', 'lastMonth', 'last3Months'] as const;
export type PeriodShortcut = (typeof periodShortcuts)[number];

export type LocalRange = { from: string; to: string };

/** Whole calendar months: the first month's first minute to the last month's last minute. */
function months(now: Date, firstOffset: number, lastOffset: number): LocalRange {
  const first = new Date(now.getFullYear(), now.getMonth() + firstOffset, 1, 0, 0);
  // Day 0 of the next month is the last day of this one.
  const last = new Date(now.getFullYear(), now.getMonth() + lastOffset + 1, 0, 23, 59);
  return { from: toLocalInput(first), to: toLocalInput(last) };
}

/**
 * This month; last month; last 3 months = this month and the two before it (so that today's sessions are in
 * it, as an operator checking "the last three months" expects).
 */
export function periodRange(shortcut: PeriodShortcut, now = new Date(), timeZone?: string): LocalRange {
  if (timeZone !== undefined) {
    // The site's first midnight to the minute before the next period's (`to` is typed inclusive).
    const { from, to } = periodIn(shortcut, timeZone, now);
    return {
      from: toLocalInput(new Date(from), timeZone),
      to: toLocalInput(new Date(Date.parse(to) - 60_000), timeZone),
    };
  }
  switch (shortcut) {
    case 'thisMonth':
      return months(now, 0, 0);
    case 'lastMonth':
      return months(now, -1, -1);
    case 'last3Months':
      return months(now, -2, 0);
  }
}

/** The shortcut a range is exactly, to show it as chosen. */
export function shortcutOf(range: LocalRange, now = new Date(), timeZone?: string): PeriodShortcut | null {
  return (
    periodShortcuts.find((shortcut) => {
      const candidate = periodRange(shortcut, now, timeZone);
      return candidate.from === range.from && candidate.to === range.to;
    }) ?? null
  );
}
