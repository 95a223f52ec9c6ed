import { describe, expect, it } from 'vitest';
import { linearScale, niceTicks, timeTicks } from './chart-scale';

describe('chart scales', () => {
  it('picks round ticks that cover the data', () => {
    expect(niceTicks(0, 7.4, 5)).toEqual({ min: 0, max: 8, step: 2, values: [0, 2, 4, 6, 8] });
    expect(niceTicks(0, 0.23, 5).values).toEqual([0, 0.1, 0.2, 0.3]);
    expect(niceTicks(0, 11, 5).values).toEqual([0, 5, 10, 15]);
    expect(niceTicks(0, 9, 5).values).toEqual([0, 2.5, 5, 7.5, 10]);
  });

  it('gives a flat or empty series an axis from zero', () => {
    expect(niceTicks(0, 0).values.at(-1)).toBeGreaterThan(0);
    expect(niceTicks(3, 3)).toMatchObject({ min: 0 });
    expect(niceTicks(-Infinity, Infinity)).toMatchObject({ min: 0 });
  });

  it('maps a domain onto pixels, upside down for a y axis', () => {
    const y = linearScale([0, 10], [260, 20]);
    expect(y(0)).toBe(260);
    expect(y(10)).toBe(20);
    expect(y(5)).toBe(140);
    expect(linearScale([4, 4], [0, 100])(4)).toBe(50);
  });

  it('puts time ticks on round local times', () => {
    const start = Date.UTC(2025, 0, 1, 22, 30);
    const end = Date.UTC(2025, 0, 1, 23, 30);
    expect(timeTicks(start, end, 6).map((t) => new Date(t).toISOString().slice(11, 16))).toEqual([
      '22:30',
      '22:40',
      '22:50',
      '23:00',
      '23:10',
      '23:20',
      '23:30',
    ]);
    // Five and a half hours ahead of UTC (India): ticks fall on round local times, not round UTC ones.
    expect(timeTicks(start, start + 6 * 3_600_000, 6, 5.5 * 3_600_000)[0]).toBe(Date.UTC(2025, 0, 1, 22, 30));
    expect(timeTicks(start, start + 6 * 3_600_000, 6, 0)[0]).toBe(Date.UTC(2025, 0, 1, 23, 0));
  });
});
