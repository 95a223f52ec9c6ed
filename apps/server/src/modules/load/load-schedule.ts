import type { LoadBand } from '@plugboard/contract';
import { wallClockOf } from '@plugboard/pricing';
import type { BandRow } from './load.repository.ts';

const minuteOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
const hhmmOf = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

export const toBandValues = (b: LoadBand) => ({
  days: [...new Set(b.days)].sort(),
  fromMinute: minuteOf(b.from),
  toMinute: minuteOf(b.to),
  limitA: b.limitA,
});

export const bandOf = (r: BandRow): LoadBand => ({
  days: r.days,
  from: hhmmOf(r.from_minute),
  to: hhmmOf(r.to_minute),
  limitA: Number(r.limit_a),
});

/**
 * The band in force at that instant in the site's time zone (weekday 1 Monday .. 7 Sunday, from inclusive, to
 * exclusive); where bands overlap the lowest limit holds. Null outside every band.
 */
export function activeBand(bands: readonly LoadBand[], at: Date, timeZone: string): number | null {
  const wall = wallClockOf(at, timeZone);
  const weekday = ((new Date(Date.UTC(wall.year, wall.month - 1, wall.day)).getUTCDay() + 6) % 7) + 1;
  const minute = wall.hour * 60 + wall.minute;
  let found: number | null = null;
  bands.forEach((b, i) => {
    const inBand = b.days.includes(weekday) && minute >= minuteOf(b.from) && minute < minuteOf(b.to);
    if (inBand && (found === null || b.limitA < bands[found]!.limitA)) found = i;
  });
  return found;
}
