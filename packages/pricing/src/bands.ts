import type { Band, PriceSet, Tariff } from './types.ts';

export const dayMs = 86_400_000;
const weekdayNames = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/** 'HH:MM' -> milliseconds after local midnight; '24:00' is the end of the day. null when malformed. */
export function parseClock(value: string): number | null {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(value);
  if (value === '24:00') return dayMs;
  if (!match) return null;
  return (Number(match[1]) * 60 + Number(match[2])) * 60_000;
}

const isPrice = (value: number) => Number.isSafeInteger(value) && value >= 0;
export const isPriceSet = (p: PriceSet) =>
  isPrice(p.energyPerKwh) && isPrice(p.perChargingMinute) && isPrice(p.perIdleMinute);

/**
 * Why a tariff's bands cannot be priced, or null when they can. The server rejects such a tariff when it is
 * saved, because a stored one would make every session on it unpriceable.
 */
export function validateBands(bands: readonly Band[]): string | null {
  const taken: { day: number; from: number; to: number; index: number }[] = [];
  for (const [index, band] of bands.entries()) {
    const name = `band ${index + 1}`;
    const from = parseClock(band.from);
    const to = parseClock(band.to);
    if (from === null || from === dayMs) return `${name}: 'from' must be a time 'HH:MM' from 00:00 to 23:59`;
    if (to === null) return `${name}: 'to' must be a time 'HH:MM' from 00:01 to 24:00`;
    if (to <= from) return `${name}: 'to' must be after 'from' (a band does not wrap midnight)`;
    if (band.days.length === 0) return `${name}: no weekday`;
    if (!band.days.every((d) => Number.isInteger(d) && d >= 1 && d <= 7)) {
      return `${name}: weekdays are 1 (Monday) to 7 (Sunday)`;
    }
    if (new Set(band.days).size !== band.days.length) return `${name}: a weekday is listed twice`;
    if (!isPriceSet(band)) return `${name}: prices must be non-negative integers`;
    for (const day of band.days) {
      const other = taken.find((t) => t.day === day && t.from < to && from < t.to);
      if (other) return `${name} overlaps band ${other.index + 1} on ${weekdayNames[day - 1]}`;
      taken.push({ day, from, to, index });
    }
  }
  return null;
}

/** 'Mon-Fri 07:00-23:00', 'Sat,Sun 00:00-24:00': runs of three days or more are shown as a range. */
export function bandLabel(band: Band): string {
  const days = [...band.days].sort((a, b) => a - b);
  const runs: number[][] = [];
  for (const day of days) {
    const run = runs.at(-1);
    if (run && run.at(-1) === day - 1) run.push(day);
    else runs.push([day]);
  }
  const name = (day: number) => weekdayNames[day - 1] ?? '?';
  const text = runs.map((run) =>
    run.length >= 3 ? `${name(run[0] ?? 0)}-${name(run.at(-1) ?? 0)}` : run.map(name).join(','),
  );
  return `${text.join(',')} ${band.from}-${band.to}`;
}

/** The prices in force in a band, or the tariff's own when `band` is null (no band covers the time). */
export const pricesOf = (tariff: Tariff, band: number | null): PriceSet =>
  (band === null ? undefined : tariff.bands[band]) ?? tariff;
