import { describe, expect, it } from 'vitest';
import { formatDateTime } from './format';
import { filterBody, readListParams } from './list-params';
import { periodRange, shortcutOf } from './period';
import { endInstant, parseLocal, startInstant } from './range';

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

describe("in the site's time zone", () => {
  // A site in Amsterdam, and another far from wherever the browser (or the test) runs.
  const now = new Date('2026-11-15T12:00:00Z');

  it("sends the site's midnights, not UTC's or the browser's", () => {
    const range = periodRange('thisMonth', now, 'Europe/Amsterdam');
    expect(range).toEqual({ from: '2026-11-01T00:00', to: '2026-11-30T23:59' });
    expect(
      filterBody({ ...readListParams(new URLSearchParams()), ...range }, 'Europe/Amsterdam'),
    ).toMatchObject({
      startFrom: '2026-10-31T23:00:00.000Z',
      startTo: '2026-11-30T22:59:59.999Z',
    });
    expect(startInstant(periodRange('lastMonth', now, 'Asia/Tokyo').from, 'Asia/Tokyo')).toBe(
      '2026-09-30T15:00:00.000Z',
    );
    expect(shortcutOf(range, now, 'Europe/Amsterdam')).toBe('thisMonth');
  });

  it('reads a typed time in the zone, across a DST change, and refuses 31 February', () => {
    expect(startInstant('2026-10-25T12:00', 'Europe/Amsterdam')).toBe('2026-10-25T11:00:00.000Z');
    expect(startInstant('2026-10-24T12:00', 'Europe/Amsterdam')).toBe('2026-10-24T10:00:00.000Z');
    expect(endInstant('2026-11-30T23:59', 'America/New_York')).toBe('2026-12-01T04:59:59.999Z');
    expect(parseLocal('2026-02-31T10:00', 'Europe/Amsterdam')).toBeNull();
  });

  it("shows an instant at the site's wall-clock time", () => {
    // Session 20 of the issue: 21:30 UTC is 22:30 in Amsterdam, inside its band "Mon-Fri 22:00-24:00".
    expect(formatDateTime('en_US', '2026-11-16T21:30:00.000Z', 'Europe/Amsterdam')).toBe(
      'Nov 16, 2026, 10:30:00 PM',
    );
    expect(formatDateTime('en_US', '2026-11-16T21:30:00.000Z', 'Asia/Tokyo')).toBe(
      'Nov 17, 2026, 6:30:00 AM',
    );
  });
});
