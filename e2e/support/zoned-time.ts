import { utcOffsetMs } from '@plugboard/pricing';

/** The instant a wall-clock time names in an IANA zone: zonedInstant('2025-03-03', '22:30', 'Europe/Amsterdam'). */
export function zonedInstant(day: string, time: string, timeZone: string): Date {
  const [year, month, date] = day.split('-').map(Number) as [number, number, number];
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  const asUtc = Date.UTC(year, month - 1, date, hours, minutes);
  // The zone's offset at that moment, read back from Intl; twice, in case the first guess crossed a DST change.
  let instant = asUtc;
  for (let i = 0; i < 2; i++) instant = asUtc - utcOffsetMs(timeZone, instant);
  return new Date(instant);
}

/** Yesterday's date (YYYY-MM-DD) in a zone. */
export function yesterdayIn(timeZone: string, now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now.getTime() - 86_400_000);
}
