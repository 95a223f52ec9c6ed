import { describe, expect, it } from 'vitest';
import { bandLabel, validateBands } from './bands.ts';
import { aBand } from './test-data.ts';

describe('validateBands', () => {
  it('accepts bands that touch, bands on other days and a band to 24:00', () => {
    const bands = [
      aBand({ days: [1, 2, 3, 4, 5], from: '07:00', to: '23:00' }),
      aBand({ days: [1, 2, 3, 4, 5], from: '23:00', to: '24:00' }),
      aBand({ days: [6, 7], from: '07:00', to: '12:00' }),
    ];
    expect(validateBands(bands)).toBeNull();
    expect(validateBands([])).toBeNull();
  });

  it('rejects bands that overlap on a shared weekday', () => {
    const bands = [aBand({ days: [1, 2, 3] }), aBand({ days: [3, 6], from: '22:00', to: '24:00' })];
    expect(validateBands(bands)).toBe('band 2 overlaps band 1 on Wed');
  });

  it('rejects a band that ends before it starts or would wrap midnight', () => {
    expect(validateBands([aBand({ from: '23:00', to: '07:00' })])).toMatch(/after 'from'/);
    expect(validateBands([aBand({ from: '07:00', to: '07:00' })])).toMatch(/after 'from'/);
  });

  it('rejects malformed times, weekdays and prices', () => {
    expect(validateBands([aBand({ from: '7:00' })])).toMatch(/'from' must be a time/);
    expect(validateBands([aBand({ from: '24:00' })])).toMatch(/'from' must be a time/);
    expect(validateBands([aBand({ to: '24:30' })])).toMatch(/'to' must be a time/);
    expect(validateBands([aBand({ days: [0] })])).toMatch(/weekdays/);
    expect(validateBands([aBand({ days: [] })])).toMatch(/no weekday/);
    expect(validateBands([aBand({ days: [2, 2] })])).toMatch(/twice/);
    expect(validateBands([aBand({ energyPerKwh: 0.5 })])).toMatch(/non-negative integers/);
  });
});

describe('bandLabel', () => {
  it('names runs of days as ranges and short ones as lists', () => {
    expect(bandLabel(aBand())).toBe('Mon-Fri 07:00-23:00');
    expect(bandLabel(aBand({ days: [7, 6], from: '00:00', to: '24:00' }))).toBe('Sat,Sun 00:00-24:00');
    expect(bandLabel(aBand({ days: [1, 3, 4, 5, 7] }))).toBe('Mon,Wed-Fri,Sun 07:00-23:00');
  });
});
