import { describe, expect, it } from 'vitest';
import { minorDigitsOf } from './currency.ts';
import { priceSession } from './price-session.ts';
import { aTariff, reading } from './test-data.ts';

// 0.50 start, 0.3490/kWh, 0.0100 per charging minute, 0.1000 per idle minute.
const everyday = aTariff({ startFee: 5000, energyPerKwh: 3490, perChargingMinute: 100, perIdleMinute: 1000 });
// 11 kWh in one hour, then 30 minutes plugged in without drawing power.
const evening = [
  reading('2025-01-06T18:00+01:00', 1),
  reading('2025-01-06T19:00+01:00', 12),
  reading('2025-01-06T19:30+01:00', 12),
];

const amounts = (b: ReturnType<typeof priceSession>) => b.lines.map((l) => [l.kind, l.amountMinor]);

describe('priceSession, worked examples', () => {
  it('prices a static tariff: start fee, energy, charging and idle minutes, VAT on top', () => {
    const b = priceSession({ tariff: everyday, readings: evening, multiplierBp: 10000 });
    expect(b.lines).toEqual([
      { kind: 'startFee', band: null, quantity: 1, unitPrice: 5000, amountMinor: 50 },
      { kind: 'energy', band: null, quantity: 11, unitPrice: 3490, amountMinor: 384 }, // 3.839
      { kind: 'chargingTime', band: null, quantity: 60, unitPrice: 100, amountMinor: 60 },
      { kind: 'idleTime', band: null, quantity: 30, unitPrice: 1000, amountMinor: 300 },
    ]);
    // net 7.939 -> 7.94; VAT 21 % of 7.939 = 1.66719 -> 1.67
    expect([b.netMinor, b.vatMinor, b.grossMinor]).toEqual([794, 167, 961]);
    expect([b.energyWh, b.chargingMs, b.idleMs]).toEqual([11000, 3_600_000, 1_800_000]);
  });

  it('charges only the start fee for a session that has just begun', () => {
    const tariff = aTariff({ startFee: 10000, energyPerKwh: 3490, pricesIncludeVat: true });
    const b = priceSession({ tariff, readings: [reading('2025-01-06T18:00Z', 5)], multiplierBp: 10000 });
    expect(amounts(b)).toEqual([['startFee', 100]]);
    // gross 1.00; net 1.00 / 1.21 = 0.8264 -> 0.83; VAT the rest
    expect([b.netMinor, b.vatMinor, b.grossMinor]).toEqual([83, 17, 100]);
  });

  it('applies an 80 % card group multiplier to every line, start fee included', () => {
    const b = priceSession({ tariff: everyday, readings: evening, multiplierBp: 8000 });
    // 0.40 + 3.0712 + 0.48 + 2.40 = 6.3512 -> 6.35; VAT 1.333752 -> 1.33
    expect(amounts(b)).toEqual([
      ['startFee', 40],
      ['energy', 307],
      ['chargingTime', 48],
      ['idleTime', 240],
    ]);
    expect([b.netMinor, b.vatMinor, b.grossMinor]).toEqual([635, 133, 768]);
    expect(b.lines[1]?.unitPrice).toBe(3490); // the tariff's price; the multiplier is reported beside it
  });

  it('reads prices that include VAT as gross and takes VAT out of them', () => {
    const tariff = { ...everyday, pricesIncludeVat: true };
    const b = priceSession({ tariff, readings: evening, multiplierBp: 10000 });
    // gross 7.939 -> 7.94; net 7.939 / 1.21 = 6.5612 -> 6.56
    expect(amounts(b)).toEqual([
      ['startFee', 50],
      ['energy', 384],
      ['chargingTime', 60],
      ['idleTime', 300],
    ]);
    expect([b.netMinor, b.vatMinor, b.grossMinor]).toEqual([656, 138, 794]);
  });

  it('prices yen in whole yen, the lines still adding up to the total', () => {
    expect(minorDigitsOf('JPY')).toBe(0);
    const tariff = aTariff({
      minorDigits: minorDigitsOf('JPY'),
      startFee: 100_0000, // 100 JPY
      energyPerKwh: 45_0000,
      perIdleMinute: 10_0000,
      pricesIncludeVat: true,
      vatRateBp: 1000,
      timeZone: 'Asia/Tokyo',
    });
    const readings = [
      reading('2025-01-06T18:00+09:00', 0),
      reading('2025-01-06T18:45+09:00', 7.777),
      reading('2025-01-06T18:50+09:00', 7.777),
    ];
    const b = priceSession({ tariff, readings, multiplierBp: 10000 });
    // 100 + 349.965 + 0 + 50 = 499.965 -> 500: the energy line, with the largest fraction, gets 350
    expect(amounts(b)).toEqual([
      ['startFee', 100],
      ['energy', 350],
      ['chargingTime', 0],
      ['idleTime', 50],
    ]);
    // net 499.965 / 1.1 = 454.51 -> 455
    expect([b.currencyDigits, b.netMinor, b.vatMinor, b.grossMinor]).toEqual([0, 455, 45, 500]);
  });

  it('makes the displayed lines add up to the total when their own roundings would not', () => {
    const half = 50; // 0.0050: every line below is exactly half a cent
    const tariff = aTariff({ energyPerKwh: half, perChargingMinute: half, perIdleMinute: half });
    const readings = [
      reading('2025-01-06T18:00Z', 0),
      reading('2025-01-06T18:01Z', 1),
      reading('2025-01-06T18:02Z', 1),
    ];
    const b = priceSession({ tariff, readings, multiplierBp: 10000 });
    // 0.005 x 3 = 0.015 -> 0.02; each line alone would round to 0.01
    expect(amounts(b)).toEqual([
      ['energy', 1],
      ['chargingTime', 1],
      ['idleTime', 0],
    ]);
    expect(b.netMinor).toBe(2);
  });

  it('gives no energy for an interval in which the meter register went backwards (meter replaced)', () => {
    const readings = [
      reading('2025-01-06T18:00Z', 500),
      reading('2025-01-06T18:30Z', 505),
      reading('2025-01-06T19:00Z', 2), // new meter
      reading('2025-01-06T19:30Z', 4),
    ];
    const b = priceSession({ tariff: everyday, readings, multiplierBp: 10000 });
    expect(b.energyWh).toBe(7000);
    expect([b.chargingMs, b.idleMs]).toEqual([3_600_000, 1_800_000]);
  });

  it('is free with a 0 % multiplier, VAT included', () => {
    const b = priceSession({ tariff: everyday, readings: evening, multiplierBp: 0 });
    expect([b.netMinor, b.vatMinor, b.grossMinor]).toEqual([0, 0, 0]);
    expect(b.lines.every((l) => l.amountMinor === 0)).toBe(true);
  });

  it('refuses readings out of order and tariffs with negative prices', () => {
    const late = [evening[1], evening[0]].filter((r) => r !== undefined);
    expect(() => priceSession({ tariff: everyday, readings: late, multiplierBp: 10000 })).toThrow(RangeError);
    const negative = { ...everyday, energyPerKwh: -1 };
    expect(() => priceSession({ tariff: negative, readings: evening, multiplierBp: 10000 })).toThrow(
      /non-negative/,
    );
    expect(() => priceSession({ tariff: everyday, readings: [], multiplierBp: 10000 })).toThrow(/reading/);
  });

  it('returns plain JSON', () => {
    const b = priceSession({ tariff: everyday, readings: evening, multiplierBp: 10000 });
    expect(JSON.parse(JSON.stringify(b))).toEqual(b);
  });
});
