import { describe, expect, it } from 'vitest';
import { aPeriod } from '../testing';
import { bucketsOf, filledSeries, labelStep } from './buckets';

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

describe('label step', () => {
  it('labels every 3 hours at 1440 px, every 4 on a phone, and weeks of a month on a phone', () => {
    // "00:00" (30 px) on the plot of a chart at 1440x900 (about 415 px) and at 390x844 (about 270 px).
    expect(labelStep(24, 30, 415, 'hour')).toBe(3);
    expect(labelStep(24, 30, 270, 'hour')).toBe(4);
    // "24. Nov." (48 px) in German, 30 days.
    expect(labelStep(30, 48, 270, 'day')).toBe(7);
    expect(labelStep(30, 48, 900, 'day')).toBe(2);
    expect(labelStep(1, 48, 270, 'day')).toBe(1);
    // A year of days on a phone: every 13 weeks; ten years: beyond the nice steps, still apart.
    expect(labelStep(365, 48, 270, 'day')).toBe(91);
    expect(labelStep(3650, 48, 270, 'day')).toBe(812);
  });
});
