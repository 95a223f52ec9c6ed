import { describe, expect, it } from 'vitest';
import { periodRange, shortcutOf } from './period';
import { endInstant, startInstant } from './range';

// The shortcuts are whole local days: their instants are those of local midnight in the browser's zone, whatever
// zone the test runs in.
const local = (...parts: [number, number, number, number?, number?, number?, number?]) =>
  new Date(...parts).toISOString();

describe('report period shortcuts', () => {
  const now = new Date(2025, 4, 17, 14, 5); // 17 May 2025, 14:05 local

  it('this month runs from the 1st at 00:00 to the last day at 23:59:59.999', () => {
    const range = periodRange('thisMonth', now);
    expect(range).toEqual({ from: '2025-05-01T00:00', to: '2025-05-31T23:59' });
    expect(startInstant(range.from)).toBe(local(2025, 4, 1));
    expect(endInstant(range.to)).toBe(local(2025, 4, 31, 23, 59, 59, 999));
  });

  it('last month is the whole calendar month before, across a year end and in a leap year', () => {
    expect(periodRange('lastMonth', now)).toEqual({ from: '2025-04-01T00:00', to: '2025-04-30T23:59' });
    expect(periodRange('lastMonth', new Date(2025, 0, 10))).toEqual({
      from: '2024-12-01T00:00',
      to: '2024-12-31T23:59',
    });
    expect(periodRange('lastMonth', new Date(2024, 2, 31, 23, 59))).toEqual({
      from: '2024-02-01T00:00',
      to: '2024-02-29T23:59',
    });
  });

  it('last 3 months are this month and the two before it', () => {
    expect(periodRange('last3Months', now)).toEqual({ from: '2025-03-01T00:00', to: '2025-05-31T23:59' });
    expect(periodRange('last3Months', new Date(2025, 1, 1, 0, 0))).toEqual({
      from: '2024-12-01T00:00',
      to: '2025-02-28T23:59',
    });
  });

  it('recognises a range that is exactly a shortcut, and nothing else', () => {
    expect(shortcutOf({ from: '2025-04-01T00:00', to: '2025-04-30T23:59' }, now)).toBe('lastMonth');
    expect(shortcutOf({ from: '2025-04-01T00:00', to: '2025-04-30T23:58' }, now)).toBeNull();
  });
});
