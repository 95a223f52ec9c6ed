import { describe, expect, it } from 'vitest';
import { localClock } from './local-clock.ts';

const at = (iso: string) => Date.parse(iso);

describe('the export clock', () => {
  it("writes wall-clock time of the site's zone, across both daylight saving switches", () => {
    const amsterdam = localClock('Europe/Amsterdam');
    expect(amsterdam.format(at('2026-01-10T08:00:00Z'))).toBe('2026-01-10 09:00:00');
    expect(amsterdam.format(at('2026-03-29T00:59:59Z'))).toBe('2026-03-29 01:59:59');
    expect(amsterdam.format(at('2026-03-29T01:00:00Z'))).toBe('2026-03-29 03:00:00');
    expect(amsterdam.format(at('2026-10-25T00:30:00Z'))).toBe('2026-10-25 02:30:00');
    expect(amsterdam.format(at('2026-10-25T01:30:00Z'))).toBe('2026-10-25 02:30:00');
    // Hour by hour over both switching days, as Intl writes it.
    const reference = new Intl.DateTimeFormat('sv-SE', {
      timeZone: 'Europe/Amsterdam',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    for (const day of ['2026-03-28T00:00:00Z', '2026-10-24T00:00:00Z']) {
      for (let ms = at(day); ms < at(day) + 2 * 86_400_000; ms += 15 * 60_000 + 1000) {
        expect(amsterdam.format(ms)).toBe(reference.format(ms));
      }
    }
    expect(localClock('Asia/Kolkata').format(at('2026-01-10T08:00:00Z'))).toBe('2026-01-10 13:30:00');
  });

  it("gives the local day for file names and Excel's serial day numbers", () => {
    const clock = localClock('America/New_York');
    expect(clock.day(at('2026-01-10T03:00:00Z'))).toBe('20260109');
    expect(clock.excelSerial(at('2026-01-10T05:00:00Z'))).toBe('46032');
    expect(clock.excelSerial(at('2026-01-10T14:00:00Z'))).toBe('46032.375');
  });

  it("writes Excel's serial of the second, as the CSV's time shows it", () => {
    const clock = localClock('Europe/Amsterdam');
    for (let ms = at('2026-03-28T00:00:00Z'); ms < at('2026-03-30T00:00:00Z'); ms += 7 * 60_000 + 13_417) {
      const serial = Number(clock.excelSerial(ms));
      const [day, time] = clock.format(ms).split(' ');
      const [h, m, s] = time!.split(':').map(Number);
      const local = Date.parse(`${day}T00:00:00Z`) / 86_400_000 + 25_569;
      expect(serial).toBeCloseTo(local + (h! * 3600 + m! * 60 + s!) / 86_400, 10);
    }
  });
});
