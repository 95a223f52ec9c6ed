import type { Tariff as EngineTariff } from '@plugboard/pricing';
import { minorDigitsOf } from '@plugboard/pricing';
import type { Tariff, TariffBand } from '@plugboard/contract';
import type { TariffRow } from './tariffs.repository.ts';

/** A band as stored in `tariffs.bands`: prices in price units (1/10,000 of the major unit). */
export type StoredBand = {
  days: number[];
  from: string;
  to: string;
  energyPrice: number;
  timePrice: number;
  idlePrice: number;
};

/**
 * A decimal the console typed (0.349) as an integer of 1/10^decimals (3490). `toFixed` picks the integer nearest
 * to the double, so 0.1 + 0.2 or 1.0005 (stored as 1.000499...) land on the digits the operator typed; a product
 * `value * 10000` can round the wrong way instead. Inputs are validated to `decimals` places beforehand.
 */
export function decimalToInt(value: number, decimals: number): number {
  const [whole = '0', fraction = ''] = value.toFixed(decimals).split('.');
  return Number(whole + fraction);
}

export const toPriceUnits = (value: number) => decimalToInt(value, 4);
export const fromPriceUnits = (units: number) => units / 10_000;
/** Percent with 2 decimals (21.5) -> hundredths of a percent (2150). */
export const toBasisPoints = (percent: number) => decimalToInt(percent, 2);
export const fromBasisPoints = (bp: number) => bp / 100;

export const toStoredBand = (band: TariffBand): StoredBand => ({
  days: [...band.days].sort((a, b) => a - b),
  from: band.from,
  to: band.to,
  energyPrice: toPriceUnits(band.energyPrice),
  timePrice: toPriceUnits(band.timePrice),
  idlePrice: toPriceUnits(band.idlePrice),
});

export const storedBands = (row: Pick<TariffRow, 'bands'>) => (row.bands ?? []) as StoredBand[];

/** The engine's view of a band: validateBands and priceSession read these names. */
export const toEngineBand = (band: StoredBand) => ({
  days: band.days,
  from: band.from,
  to: band.to,
  energyPerKwh: band.energyPrice,
  perChargingMinute: band.timePrice,
  perIdleMinute: band.idlePrice,
});

const digitsCache = new Map<string, number>();
/** Digits of a currency's minor unit. Intl is slow to build: a page, or an export of a million rows, asks once. */
export function minorDigits(currency: string): number {
  let digits = digitsCache.get(currency);
  if (digits === undefined) {
    digits = currency ? minorDigitsOf(currency) : 2;
    digitsCache.set(currency, digits);
  }
  return digits;
}

/** A stored tariff version as the cost engine prices it: bands read in the site's time zone. */
export function toEngineTariff(row: TariffRow, site: { currency: string; timeZone: string }): EngineTariff {
  return {
    priceModel: row.price_model,
    startFee: row.start_fee,
    energyPerKwh: row.energy_price,
    perChargingMinute: row.time_price,
    perIdleMinute: row.idle_price,
    pricesIncludeVat: row.prices_include_vat,
    vatRateBp: row.vat_rate_bp,
    bands: storedBands(row).map(toEngineBand),
    timeZone: site.timeZone,
    minorDigits: minorDigits(site.currency),
  };
}

export type SiteTerms = { currency: string; timeZone: string; fixedCostE4: number };

/** A stored version as the console reads it. */
export function toTariff(row: TariffRow, site: SiteTerms): Tariff {
  return {
    id: row.id,
    priceModel: row.price_model,
    energyPrice: fromPriceUnits(row.energy_price),
    timePrice: fromPriceUnits(row.time_price),
    idlePrice: fromPriceUnits(row.idle_price),
    startFee: fromPriceUnits(row.start_fee),
    pricesIncludeVat: row.prices_include_vat,
    vatRate: fromBasisPoints(row.vat_rate_bp),
    paymentMethods: row.payment_methods as Tariff['paymentMethods'],
    bands: storedBands(row).map((b) => ({
      days: b.days,
      from: b.from,
      to: b.to,
      energyPrice: fromPriceUnits(b.energyPrice),
      timePrice: fromPriceUnits(b.timePrice),
      idlePrice: fromPriceUnits(b.idlePrice),
    })),
    currency: site.currency,
    timeZone: site.timeZone,
    fixedCost: site.fixedCostE4 / 10_000,
    updatedAt: row.created_at.toISOString(),
  };
}
