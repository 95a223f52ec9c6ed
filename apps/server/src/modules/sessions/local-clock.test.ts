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
    expect(localClock('Asia/Kolkata').format(at('2026-01-10T08:00:00Z'))).toBe('2026-01-10 13:30:00');
  });

  it("gives the local day for file names and Excel's serial day numbers", () => {
    const clock = localClock('America/New_York');
    expect(clock.day(at('2026-01-10T03:00:00Z'))).toBe('20260109');
    expect(clock.excelSerial(at('2026-01-10T05:00:00Z'))).toBe(46032);
  });
});
