import { bandTimePattern, weekdays } from '@plugboard/contract';

// Time-of-use bands as minutes of the day: a band covers [from, to) on each of its days; '24:00' is 1440. A band
// does not wrap past midnight (the contract's rule), so two bands overlap when they share a day and their
// intervals intersect.

export type BandTimes = { days: readonly number[]; from: string; to: string };

export const minutesOf = (time: string): number | null => {
  if (!bandTimePattern.test(time)) return null;
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  return hours * 60 + minutes;
};

/** A band's interval, or null while its times are not valid or not in order. */
export function interval(band: BandTimes): { from: number; to: number } | null {
  const from = minutesOf(band.from);
  const to = minutesOf(band.to);
  return from !== null && to !== null && from < to ? { from, to } : null;
}

/** For each band, the days on which it overlaps another band (empty when it overlaps none). */
export function overlappingDays(bands: readonly BandTimes[]): number[][] {
  const spans = bands.map(interval);
  return bands.map((band, i) => {
    const span = spans[i];
    if (!span) return [];
    const days = new Set<number>();
    bands.forEach((other, j) => {
      const otherSpan = spans[j];
      if (j === i || !otherSpan || span.from >= otherSpan.to || otherSpan.from >= span.to) return;
      for (const day of band.days) if (other.days.includes(day)) days.add(day);
    });
    return weekdays.filter((day) => days.has(day));
  });
}

export type DaySegment = { from: number; to: number; band: number | null };

/**
 * What applies on an ISO weekday, from midnight to midnight: consecutive segments, each the band (its index) or
 * null for the base prices. Where bands overlap the first one is shown; the form flags the overlap anyway.
 */
export function daySegments(bands: readonly BandTimes[], day: number): DaySegment[] {
  const owner: (number | null)[] = new Array<number | null>(24 * 60).fill(null);
  bands.forEach((band, index) => {
    const span = interval(band);
    if (!span || !band.days.includes(day)) return;
    for (let m = span.from; m < span.to; m++) owner[m] ??= index;
  });
  const segments: DaySegment[] = [];
  owner.forEach((band, minute) => {
    const last = segments.at(-1);
    if (last && last.band === band) last.to = minute + 1;
    else segments.push({ from: minute, to: minute + 1, band });
  });
  return segments;
}

/** 90 -> '01:30', 1440 -> '24:00'. */
export const timeOf = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
