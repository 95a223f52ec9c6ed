import { describe, expect, it } from 'vitest';
import { aPeriod } from '../testing';
import { bucketsOf, filledSeries } from './buckets';

const zone = 'Europe/Amsterdam';

describe('buckets of a period', () => {
  it("names every hour of a day in the site's zone", () => {
    const hours = bucketsOf(
      { from: '2026-03-09T23:00:00.000Z', to: '2026-03-10T23:00:00.000Z' },
      'hour',
      zone,
    );
    expect(hours).toHaveLength(24);
    expect(hours[0]).toBe('2026-03-10T00:00');
    expect(hours.at(-1)).toBe('2026-03-10T23:00');
  });

  it('has 23 hours on the spring-forward day and names the fall-back hour once', () => {
    const spring = bucketsOf(
      { from: '2026-03-28T23:00:00.000Z', to: '2026-03-29T22:00:00.000Z' },
      'hour',
      zone,
    );
    expect(spring).toHaveLength(23);
    expect(spring).not.toContain('2026-03-29T02:00');
    const fall = bucketsOf(
      { from: '2026-10-24T22:00:00.000Z', to: '2026-10-25T23:00:00.000Z' },
      'hour',
      zone,
    );
    expect(fall).toHaveLength(24);
    expect(fall.filter((h) => h === '2026-10-25T02:00')).toHaveLength(1);
  });

  it('names every day of a month, across a DST change', () => {
    const days = bucketsOf({ from: '2026-02-28T23:00:00.000Z', to: '2026-03-31T22:00:00.000Z' }, 'day', zone);
    expect(days).toHaveLength(31);
    expect(days[0]).toBe('2026-03-01T00:00');
    expect(days.at(-1)).toBe('2026-03-31T00:00');
  });

  it('fills the hours without sessions with zeros and keeps the others as the server sent them', () => {
    const series = filledSeries(aPeriod());
    expect(series).toHaveLength(24);
    expect(series[8]).toEqual(aPeriod().series[0]);
    expect(series[9]).toEqual({
      at: '2026-03-10T09:00',
      sessions: 0,
      energyWh: 0,
      netMinor: 0,
      grossMinor: 0,
    });
  });
});
