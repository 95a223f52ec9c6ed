import { describe, expect, it } from 'vitest';
import { priceSession } from './price-session.ts';
import { aBand, aTariff, reading } from './test-data.ts';
import type { Breakdown, LineKind, Tariff } from './types.ts';

// Weekdays 07:00-23:00: 0.3500/kWh and 0.0020 per charging minute; otherwise 0.2500/kWh and 0.0010.
const dayAndNight = aTariff({
  priceModel: 'timeOfUse',
  energyPerKwh: 2500,
  perChargingMinute: 10,
  bands: [aBand({ energyPerKwh: 3500, perChargingMinute: 20 })],
});

const line = (b: Breakdown, kind: LineKind, band: string | null) =>
  b.lines.find((l) => l.kind === kind && l.band === band);
const day = 'Mon-Fri 07:00-23:00';

describe('time-of-use pricing', () => {
  it('prices each hour at the band in force, across midnight into a weekend without the band', () => {
    // Friday 22:30 to Saturday 07:30 at 2 kW: 1 kWh and 30 min in the band, 17 kWh and 510 min outside
    const readings = [reading('2025-01-10T22:30+01:00', 0), reading('2025-01-11T07:30+01:00', 18)];
    const b = priceSession({ tariff: dayAndNight, readings, multiplierBp: 10000 });
    expect(b.lines).toEqual([
      { kind: 'energy', band: day, quantity: 1, unitPrice: 3500, amountMinor: 35 },
      { kind: 'energy', band: null, quantity: 17, unitPrice: 2500, amountMinor: 425 },
      { kind: 'chargingTime', band: day, quantity: 30, unitPrice: 20, amountMinor: 6 },
      { kind: 'chargingTime', band: null, quantity: 510, unitPrice: 10, amountMinor: 51 },
    ]);
    expect(b.netMinor).toBe(517);
  });

  it('adds up both stretches of a band on either side of the night into one line', () => {
    // Thursday 22:00 to Friday 08:00 at 2 kW: 22-23 and 07-08 in the band (4 kWh), 23-07 outside (16 kWh)
    const readings = [reading('2025-01-09T22:00+01:00', 0), reading('2025-01-10T08:00+01:00', 20)];
    const b = priceSession({ tariff: dayAndNight, readings, multiplierBp: 10000 });
    expect(line(b, 'energy', day)).toMatchObject({ quantity: 4, amountMinor: 140 });
    expect(line(b, 'energy', null)).toMatchObject({ quantity: 16, amountMinor: 400 });
    expect(line(b, 'chargingTime', day)).toMatchObject({ quantity: 120, amountMinor: 24 });
    expect(line(b, 'chargingTime', null)).toMatchObject({ quantity: 480, amountMinor: 48 });
    expect(b.netMinor).toBe(612);
  });

  it('interpolates the energy of a reading interval that a band edge cuts', () => {
    // 3 kWh before 22:45, then 0.5 kWh from 22:45 to 23:15: half of it before 23:00
    const readings = [
      reading('2025-01-09T22:00+01:00', 0),
      reading('2025-01-09T22:45+01:00', 3),
      reading('2025-01-09T23:15+01:00', 3.5),
    ];
    const b = priceSession({ tariff: dayAndNight, readings, multiplierBp: 10000 });
    expect(line(b, 'energy', day)?.quantity).toBe(3.25);
    expect(line(b, 'energy', null)?.quantity).toBe(0.25);
  });
});

describe('time-of-use across a DST switch (Europe/Amsterdam)', () => {
  const everyDay = (from: string, to: string): Tariff =>
    aTariff({
      priceModel: 'timeOfUse',
      perChargingMinute: 0,
      bands: [aBand({ days: [1, 2, 3, 4, 5, 6, 7], from, to, perChargingMinute: 100 })],
    });
  const bandMinutes = (tariff: Tariff, fromIso: string, toIso: string) => {
    const readings = [reading(fromIso, 0), reading(toIso, 100)];
    const b = priceSession({ tariff, readings, multiplierBp: 10000 });
    const inBand = b.lines.find((l) => l.kind === 'chargingTime' && l.band !== null)?.quantity ?? 0;
    return { inBand, outside: line(b, 'chargingTime', null)?.quantity ?? 0, total: b.chargingMs / 60_000 };
  };

  it('starts a 07:00 band at 07:00 summer time on the last Sunday of March', () => {
    // Saturday 22:00 CET to Sunday 08:00 CEST: 9 real hours, the clocks skip 02:00-03:00
    const m = bandMinutes(everyDay('07:00', '23:00'), '2025-03-29T22:00+01:00', '2025-03-30T08:00+02:00');
    expect(m).toEqual({ inBand: 120, outside: 420, total: 540 });
  });

  it('starts a 07:00 band at 07:00 winter time on the last Sunday of October', () => {
    // Saturday 22:00 CEST to Sunday 08:00 CET: 11 real hours, the clocks repeat 02:00-03:00
    const m = bandMinutes(everyDay('07:00', '23:00'), '2025-10-25T22:00+02:00', '2025-10-26T08:00+01:00');
    expect(m).toEqual({ inBand: 120, outside: 540, total: 660 });
  });

  it('follows the clock in the skipped spring hour: a 02:30 band begins at the switch', () => {
    // 02:30-03:30 local exists only from 03:00 CEST (01:00 UTC) to 03:30 CEST
    const m = bandMinutes(everyDay('02:30', '03:30'), '2025-03-30T00:00+01:00', '2025-03-30T06:00+02:00');
    expect(m.inBand).toBe(30);
  });

  it('follows the clock in the repeated autumn hour: a 02:30 band applies both times', () => {
    // 02:30-03:00 CEST, then 02:30-03:30 CET: 30 + 60 minutes
    const m = bandMinutes(everyDay('02:30', '03:30'), '2025-10-26T00:00+02:00', '2025-10-26T06:00+01:00');
    expect(m.inBand).toBe(90);
  });
});
