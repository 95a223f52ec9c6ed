import { describe, expect, it } from 'vitest';
import { checkRange, endInstant, parseLocal, startInstant, toLocalInput } from './range';

describe('the time range filter', () => {
  it('reads a datetime-local value in the browser time zone', () => {
    expect(parseLocal('2025-03-01T08:30')?.getTime()).toBe(new Date(2025, 2, 1, 8, 30).getTime());
    expect(toLocalInput(new Date(2025, 11, 31, 23, 59))).toBe('2025-12-31T23:59');
  });

  it('refuses what is not a date and time', () => {
    expect(parseLocal('2025-02-30T10:00')).toBeNull();
    expect(parseLocal('2025-03-01')).toBeNull();
    expect(parseLocal('')).toBeNull();
  });

  it('sends the first instant of the start minute and the last instant of the end minute', () => {
    expect(startInstant('2025-03-01T00:00')).toBe(new Date(2025, 2, 1, 0, 0).toISOString());
    expect(endInstant('2025-03-31T23:59')).toBe(new Date(2025, 2, 31, 23, 59, 59, 999).toISOString());
  });

  it('flags an end before the start on the end field, and accepts equal or open ends', () => {
    expect(checkRange('2025-03-02T10:00', '2025-03-02T09:59')).toEqual({ to: 'startAfterEnd' });
    expect(checkRange('2025-03-02T10:00', '2025-03-02T10:00')).toEqual({});
    expect(checkRange('2025-03-02T10:00', '')).toEqual({});
    expect(checkRange('', '2025-03-02T10:00')).toEqual({});
    expect(checkRange('2025-13-02T10:00', '')).toEqual({ from: 'invalidDate' });
  });
});
