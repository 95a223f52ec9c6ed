import { describe, expect, it } from 'vitest';
import { daysIn, periodIn, previousPeriod, wallClockOf, zonedInstant } from './zoned-time.ts';

const amsterdam = 'Europe/Amsterdam';

describe('periods in the site time zone', () => {
  it('starts this month at the site midnight, not at UTC midnight', () => {
    const now = new Date('2026-11-24T12:00:00Z');
    expect(periodIn('thisMonth', amsterdam, now)).toEqual({
      from: '2026-10-31T23:00:00.000Z',
      to: '2026-11-30T23:00:00.000Z',
    });
  });

  it('knows it is already tomorrow in a zone east of UTC', () => {
    const now = new Date('2026-11-30T23:30:00Z'); // 1 December, 00:30 in Amsterdam
    expect(periodIn('today', amsterdam, now).from).toBe('2026-11-30T23:00:00.000Z');
    expect(periodIn('thisMonth', amsterdam, now).from).toBe('2026-11-30T23:00:00.000Z');
  });

  it('crosses the year and the DST change for last month and the last 3 months', () => {
    const now = new Date('2026-01-15T10:00:00Z');
    expect(periodIn('lastMonth', amsterdam, now)).toEqual({
      from: '2025-11-30T23:00:00.000Z',
      to: '2025-12-31T23:00:00.000Z',
    });
    // November, December and January: November 1st is already winter time.
    expect(periodIn('last3Months', amsterdam, now).from).toBe('2025-10-31T23:00:00.000Z');
    // A period that starts in summer time starts at 22:00 UTC.
    expect(periodIn('thisMonth', amsterdam, new Date('2026-10-10T10:00:00Z')).from).toBe(
      '2026-09-30T22:00:00.000Z',
    );
  });

  it('gives a 23-hour day on the spring DST change', () => {
    const day = periodIn('today', amsterdam, new Date('2026-03-29T12:00:00Z'));
    expect(Date.parse(day.to) - Date.parse(day.from)).toBe(23 * 3_600_000);
  });

  it('turns whole custom days into an exclusive range', () => {
    expect(daysIn('2026-11-01', '2026-11-03', 'America/New_York')).toEqual({
      from: '2026-11-01T04:00:00.000Z',
      to: '2026-11-04T05:00:00.000Z',
    });
  });

  it('gives the previous period of the same calendar length', () => {
    const now = new Date('2026-03-10T10:00:00Z');
    expect(previousPeriod('thisMonth', amsterdam, now)).toEqual({
      from: '2026-01-31T23:00:00.000Z',
      to: '2026-02-28T23:00:00.000Z',
    });
    expect(previousPeriod('today', amsterdam, now).from).toBe('2026-03-08T23:00:00.000Z');
    // January to March before: October to December, and October 1st is still summer time.
    expect(previousPeriod('last3Months', amsterdam, now).from).toBe('2025-09-30T22:00:00.000Z');
  });

  it('reads wall-clock time back from an instant', () => {
    expect(wallClockOf(zonedInstant('Asia/Shanghai', 2026, 2, 28, 22, 30), 'Asia/Shanghai')).toEqual({
      year: 2026,
      month: 2,
      day: 28,
      hour: 22,
      minute: 30,
    });
  });
});
