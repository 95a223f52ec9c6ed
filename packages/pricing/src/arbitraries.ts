// fast-check arbitraries for the property tests: valid tariffs in zones with odd DST rules, and sessions
// around the DST switches of 2025.
import fc from 'fast-check';
import { aBand } from './test-data.ts';
import type { Band, MeterReading } from './types.ts';

const price = fc.integer({ min: 0, max: 10_000 });
const bandSets: Band[][] = [
  [],
  [aBand()],
  [
    aBand({
      days: [1, 2, 3, 4, 5, 6, 7],
      from: '02:30',
      to: '03:30',
      energyPerKwh: 1111,
      perChargingMinute: 7,
    }),
    aBand({ from: '07:15', to: '22:45', energyPerKwh: 4321, perIdleMinute: 333 }),
    aBand({ days: [6, 7], from: '10:00', to: '24:00', energyPerKwh: 2999, perChargingMinute: 1 }),
  ],
];
export const tariff = fc.record({
  priceModel: fc.constantFrom('static' as const, 'timeOfUse' as const),
  startFee: fc.integer({ min: 0, max: 20_000 }),
  energyPerKwh: price,
  perChargingMinute: price,
  perIdleMinute: price,
  pricesIncludeVat: fc.boolean(),
  vatRateBp: fc.integer({ min: 0, max: 2500 }),
  bands: fc.constantFrom(...bandSets),
  // Lord Howe moves its clocks by 30 minutes; Kolkata has no DST at all
  timeZone: fc.constantFrom('Europe/Amsterdam', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kolkata'),
  minorDigits: fc.integer({ min: 0, max: 3 }),
});
// Around the DST switches of those zones in 2025, and an ordinary week.
const starts = [
  '2025-03-30T01:00Z',
  '2025-10-26T01:00Z',
  '2025-03-09T07:00Z',
  '2025-04-05T15:00Z',
  '2025-01-10T12:00Z',
];
export const start = fc
  .tuple(
    fc.constantFrom(...starts.map(Date.parse)),
    fc.integer({ min: -36 * 3_600_000, max: 12 * 3_600_000 }),
  )
  .map(([base, shift]) => base + shift);

/**
 * A session on a grid: each step between two readings is q grid units of m ms and p mWh (p < 0: the meter went
 * back). Grid points are where an interpolated reading has an exact register, so splitting there is exact.
 */
const gridSession = fc
  .record({
    start,
    register: fc.integer({ min: 0, max: 1_000_000_000 }),
    steps: fc.array(
      fc.record({
        q: fc.integer({ min: 1, max: 4 }),
        m: fc.integer({ min: 1, max: 45 * 60_000 }),
        p: fc.integer({ min: -2000, max: 60_000 }),
      }),
      { minLength: 1, maxLength: 8 },
    ),
  })
  .map(({ start, register, steps }) => {
    const toReading = (at: number, mWh: number): MeterReading => ({ at, energyWh: mWh / 1000 });
    const readings = [toReading(start, register)];
    const grid = [...readings];
    let [at, mWh] = [start, register];
    for (const { q, m, p } of steps) {
      for (let i = 1; i <= q; i++) grid.push(toReading(at + i * m, mWh + i * p));
      [at, mWh] = [at + q * m, mWh + q * p];
      readings.push(toReading(at, mWh));
    }
    return { readings, grid };
  });
export const splitCase = fc
  .tuple(tariff, gridSession, fc.integer({ min: 0, max: 10_000 }))
  .chain(([tariff, { readings, grid }, multiplierBp]) =>
    fc.constantFrom(...grid).map((cut) => ({ input: { tariff, readings, multiplierBp }, cut })),
  );
