import { wallClockOf, zonedInstant } from '@plugboard/pricing';

const localPattern = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/;

/** A datetime-local value ("2026-11-24T08:00") as the ISO instant it names in the site's zone; undefined if none. */
export function instantOf(value: string, timeZone: string): string | undefined {
  const match = localPattern.exec(value);
  if (!match) return undefined;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  return zonedInstant(timeZone, year, month, day, hour, minute).toISOString();
}

const two = (n: number) => String(n).padStart(2, '0');

/** An instant as the site's wall clock, to the millisecond: OCPP messages come several a second. */
export function formatLogTime(iso: string, timeZone: string): string {
  const date = new Date(iso);
  const { year, month, day, hour, minute } = wallClockOf(date, timeZone);
  // Zones are offset by whole minutes: seconds and milliseconds are UTC's.
  const second = date.getUTCSeconds();
  return `${year}-${two(month)}-${two(day)} ${two(hour)}:${two(minute)}:${two(second)}.${String(date.getUTCMilliseconds()).padStart(3, '0')}`;
}
