import { utcOffsetMs } from './clock.ts';

// Calendar arithmetic in a site's IANA zone, shared by the server and the console so that "this month" means the
// same instants in a filter, an overview, an invoice and an export: the site's midnights, not the browser's or UTC's.

export type WallClock = { year: number; month: number; day: number; hour: number; minute: number };

/** The wall-clock time an instant shows in a zone (month 1-12). */
export function wallClockOf(instant: Date | number, timeZone: string): WallClock {
  const at = typeof instant === 'number' ? instant : instant.getTime();
  const local = new Date(at + utcOffsetMs(timeZone, at));
  return {
    year: local.getUTCFullYear(),
    month: local.getUTCMonth() + 1,
    day: local.getUTCDate(),
    hour: local.getUTCHours(),
    minute: local.getUTCMinutes(),
  };
}

/**
 * The instant a wall-clock time names in a zone. Month and day may overflow (month 13 = January next year, day 0 =
 * the previous month's last day), as with Date.UTC. A time skipped by a DST switch resolves to the instant after it.
 */
export function zonedInstant(
  timeZone: string,
  year: number,
  month: number,
  day = 1,
  hour = 0,
  minute = 0,
): Date {
  const asUtc = Date.UTC(year, month - 1, day, hour, minute);
  // The zone's offset at that moment, read back twice in case the first guess crossed a DST change.
  let instant = asUtc;
  for (let i = 0; i < 2; i++) instant = asUtc - utcOffsetMs(timeZone, instant);
  return new Date(instant);
}

/** The period shortcuts of spec section 2 (and "today"), and a custom range of whole days. */
export type PeriodName = 'today' | 'thisMonth' | 'lastMonth' | 'last3Months';

/** A half-open range of instants [from, to) as ISO strings. */
export type InstantRange = { from: string; to: string };

/**
 * A named period as instants in the site's zone: today; this month; last month; last 3 months = this month and the
 * two before it (so today's sessions are in it). `to` is exclusive: the next period's first instant.
 */
export function periodIn(name: PeriodName, timeZone: string, now: Date | number = Date.now()): InstantRange {
  const { year, month, day } = wallClockOf(now, timeZone);
  const range = (from: Date, to: Date): InstantRange => ({ from: from.toISOString(), to: to.toISOString() });
  switch (name) {
    case 'today':
      return range(zonedInstant(timeZone, year, month, day), zonedInstant(timeZone, year, month, day + 1));
    case 'thisMonth':
      return range(zonedInstant(timeZone, year, month), zonedInstant(timeZone, year, month + 1));
    case 'lastMonth':
      return range(zonedInstant(timeZone, year, month - 1), zonedInstant(timeZone, year, month));
    case 'last3Months':
      return range(zonedInstant(timeZone, year, month - 2), zonedInstant(timeZone, year, month + 1));
  }
}

/** Whole days `firstDay`..`lastDay` (YYYY-MM-DD, inclusive) as instants in the zone. */
export function daysIn(firstDay: string, lastDay: string, timeZone: string): InstantRange {
  const parse = (d: string) => d.split('-').map(Number) as [number, number, number];
  const [y1, m1, d1] = parse(firstDay);
  const [y2, m2, d2] = parse(lastDay);
  return {
    from: zonedInstant(timeZone, y1, m1, d1).toISOString(),
    to: zonedInstant(timeZone, y2, m2, d2 + 1).toISOString(),
  };
}

/** The period just before one of the same length in calendar terms (for "compared with the previous period"). */
export function previousPeriod(
  name: PeriodName,
  timeZone: string,
  now: Date | number = Date.now(),
): InstantRange {
  const current = periodIn(name, timeZone, now);
  const start = wallClockOf(new Date(current.from), timeZone);
  const back = name === 'today' ? [0, -1] : name === 'last3Months' ? [-3, 0] : [-1, 0];
  const [months, days] = back as [number, number];
  return {
    from: zonedInstant(timeZone, start.year, start.month + months, start.day + days).toISOString(),
    to: current.from,
  };
}
