import { wallClockOf, zonedInstant } from '@plugboard/pricing';

// The list's time range as the operator types it: datetime-local values ("2025-03-01T08:00") in the site's time
// zone (the browser's when none is given), turned into instants for the call. The range is checked here, before any
// call (spec section 5).

const localPattern = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** A datetime-local value as the instant it names in the zone (the browser's by default), or null when it is not one. */
export function parseLocal(value: string, timeZone?: string): Date | null {
  const match = localPattern.exec(value);
  if (!match) return null;
  const [year = 0, month = 1, day = 1, hour = 0, minute = 0, second = 0] = match
    .slice(1)
    .map((part) => (part === undefined ? undefined : Number(part)));
  if (timeZone !== undefined) {
    // 31 February is not a date: the UTC calendar rolls it over as any zone's would.
    const day0 = new Date(Date.UTC(year, month - 1, day));
    if (day0.getUTCDate() !== day || day0.getUTCMonth() !== month - 1) return null;
    return new Date(zonedInstant(timeZone, year, month, day, hour, minute).getTime() + second * 1000);
  }
  const date = new Date(year, month - 1, day, hour, minute, second);
  // new Date rolls 31 February over to March: such a value is not a date.
  return date.getDate() === day && date.getMonth() === month - 1 ? date : null;
}

const two = (n: number) => String(n).padStart(2, '0');

/** The datetime-local value of an instant, to the minute, in the zone (the browser's by default). */
export function toLocalInput(date: Date, timeZone?: string): string {
  if (timeZone !== undefined) {
    const { year, month, day, hour, minute } = wallClockOf(date, timeZone);
    return `${year}-${two(month)}-${two(day)}T${two(hour)}:${two(minute)}`;
  }
  return `${date.getFullYear()}-${two(date.getMonth() + 1)}-${two(date.getDate())}T${two(date.getHours())}:${two(date.getMinutes())}`;
}

/** The first instant of the typed minute. */
export const startInstant = (value: string, timeZone?: string): string | undefined =>
  parseLocal(value, timeZone)?.toISOString();

/** The last instant of the typed minute: an end of 23:59 includes a session that started at 23:59:30. */
export function endInstant(value: string, timeZone?: string): string | undefined {
  const date = parseLocal(value, timeZone);
  if (!date) return undefined;
  const withSeconds = value.length > 16;
  return new Date(date.getTime() + (withSeconds ? 999 : 59_999)).toISOString();
}

export type RangeErrorKey = 'invalidDate' | 'startAfterEnd';
export type RangeErrors = { from?: RangeErrorKey; to?: RangeErrorKey };

/** Empty ends are open; an end before the start is flagged on the end field. */
export function checkRange(from: string, to: string): RangeErrors {
  const errors: RangeErrors = {};
  const start = from ? parseLocal(from) : undefined;
  const end = to ? parseLocal(to) : undefined;
  if (start === null) errors.from = 'invalidDate';
  if (end === null) errors.to = 'invalidDate';
  if (start && end && start.getTime() > end.getTime()) errors.to = 'startAfterEnd';
  return errors;
}

export const isRangeValid = (from: string, to: string) => Object.keys(checkRange(from, to)).length === 0;
