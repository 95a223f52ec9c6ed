// Small builders for the tests: a plain tariff, and readings written as local times and kWh.
import type { Band, MeterReading, Tariff } from './types.ts';

export function aTariff(overrides: Partial<Tariff> = {}): Tariff {
  return {
    priceModel: 'static',
    startFee: 0,
    energyPerKwh: 0,
    perChargingMinute: 0,
    perIdleMinute: 0,
    pricesIncludeVat: false,
    vatRateBp: 2100,
    bands: [],
    timeZone: 'Europe/Amsterdam',
    minorDigits: 2,
    ...overrides,
  };
}

export function aBand(overrides: Partial<Band> = {}): Band {
  return {
    days: [1, 2, 3, 4, 5],
    from: '07:00',
    to: '23:00',
    energyPerKwh: 0,
    perChargingMinute: 0,
    perIdleMinute: 0,
    ...overrides,
  };
}

/** A reading at an ISO instant ('2025-01-10T22:30+01:00') with the register at `kWh`. */
export const reading = (iso: string, kWh: number): MeterReading => ({
  at: Date.parse(iso),
  energyWh: Math.round(kWh * 1000),
});

export const minutes = (n: number) => n * 60_000;
