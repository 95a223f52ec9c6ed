import { describe, expect, it } from 'vitest';
import { codes, errorCodes } from './errors.ts';

describe('error codes by name', () => {
  it('names every catalogue code once, and nothing outside the catalogue', () => {
    const named = Object.values(codes);
    expect(new Set(named).size).toBe(named.length);
    expect([...named].sort((a, b) => a - b)).toEqual([...errorCodes].sort((a, b) => a - b));
  });
});
