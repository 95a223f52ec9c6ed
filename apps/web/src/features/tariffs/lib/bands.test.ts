import { describe, expect, it } from 'vitest';
import { daySegments, minutesOf, overlappingDays } from './bands';

const band = (days: number[], from: string, to: string) => ({ days, from, to });

describe('time-of-use bands', () => {
  it('reads HH:MM with 24:00 as the end of the day', () => {
    expect(minutesOf('00:00')).toBe(0);
    expect(minutesOf('23:00')).toBe(1380);
    expect(minutesOf('24:00')).toBe(1440);
    expect(minutesOf('24:30')).toBeNull();
    expect(minutesOf('7:00')).toBeNull();
  });

  it('finds bands that overlap on a shared day, and names the days', () => {
    const overlaps = overlappingDays([
      band([1, 2, 3, 4, 5], '07:00', '23:00'),
      band([5, 6], '22:00', '24:00'),
      band([6, 7], '00:00', '07:00'),
    ]);
    expect(overlaps).toEqual([[5], [5], []]);
  });

  it('lets bands touch end to start without overlapping', () => {
    expect(overlappingDays([band([1], '07:00', '23:00'), band([1], '23:00', '24:00')])).toEqual([[], []]);
  });

  it('ignores rows whose times are not valid yet', () => {
    expect(overlappingDays([band([1], '07:00', ''), band([1], '08:00', '09:00')])).toEqual([[], []]);
  });

  it('splits a day into base and band segments', () => {
    const bands = [band([1, 2, 3, 4, 5], '07:00', '23:00'), band([1], '23:00', '24:00')];
    expect(daySegments(bands, 1)).toEqual([
      { from: 0, to: 420, band: null },
      { from: 420, to: 1380, band: 0 },
      { from: 1380, to: 1440, band: 1 },
    ]);
    expect(daySegments(bands, 7)).toEqual([{ from: 0, to: 1440, band: null }]);
  });
});
