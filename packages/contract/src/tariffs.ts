import { z } from 'zod';
import { hasAtMostDecimals } from './numbers.ts';

/**
 * One tariff per site (spec section 3). Prices are in the site's currency, major units with up to 4 decimals
 * (0.349 EUR/kWh); the server keeps them as integers in 1/10,000 of the unit. Saving makes a new version: a session
 * keeps the version it started under.
 */
export const tariffLimits = {
  priceMax: 100_000,
  priceDecimals: 4,
  vatRateMax: 100,
  vatRateDecimals: 2,
  bandsMax: 48,
} as const;

export const priceModels = ['static', 'timeOfUse'] as const;
export type PriceModel = (typeof priceModels)[number];

export const paymentMethods = ['rfid', 'emv', 'contactless'] as const;
export type PaymentMethod = (typeof paymentMethods)[number];

/** ISO weekdays: 1 = Monday ... 7 = Sunday. */
export const weekdays = [1, 2, 3, 4, 5, 6, 7] as const;

const stationId = z.number({ error: 'Choose a site' }).int('Choose a site').positive('Choose a site');
const price = (what: string) =>
  z
    .number({ error: `Enter the ${what} as a number` })
    .min(0, `The ${what} cannot be negative`)
    .max(tariffLimits.priceMax, `The ${what} may be at most ${tariffLimits.priceMax}`)
    .refine((v) => hasAtMostDecimals(v, tariffLimits.priceDecimals), {
      error: `The ${what} may have at most ${tariffLimits.priceDecimals} decimals`,
    });
/** 'HH:MM' on the quarter hour or minute; '24:00' ends a band at midnight. */
export const bandTimePattern = /^(([01]\d|2[0-3]):[0-5]\d|24:00)$/;
const bandTime = z.string().regex(bandTimePattern, 'Enter a time as HH:MM');

const priceSet = {
  energyPrice: price('price per kWh').describe('Per kWh'),
  timePrice: price('price per minute').describe('Per minute of charging'),
  idlePrice: price('idle price').describe(
    'Per minute the connector stays occupied after the car stopped drawing power',
  ),
};

export const tariffBandSchema = z.object({
  days: z
    .array(z.number().int().min(1).max(7))
    .min(1, 'Choose at least one day')
    .max(7)
    .describe('ISO weekdays, 1 = Monday'),
  from: bandTime,
  to: bandTime.describe('After `from`; 24:00 for midnight; a band does not wrap past midnight'),
  ...priceSet,
});
export type TariffBand = z.infer<typeof tariffBandSchema>;

/** The tariff the console saves. Bands apply with `timeOfUse`; times no band covers use the base prices. */
export const tariffSaveSchema = z.object({
  stationId,
  priceModel: z.enum(priceModels, { error: 'Choose a price model' }),
  ...priceSet,
  startFee: price('start fee'),
  pricesIncludeVat: z.boolean({ error: 'Say whether the prices include VAT' }),
  vatRate: z
    .number({ error: 'Enter the VAT rate as a number' })
    .min(0, 'The VAT rate cannot be negative')
    .max(tariffLimits.vatRateMax, 'The VAT rate is at most 100 %')
    .refine((v) => hasAtMostDecimals(v, tariffLimits.vatRateDecimals), {
      error: 'The VAT rate may have at most 2 decimals',
    })
    .describe('Percent'),
  paymentMethods: z.array(z.enum(paymentMethods)).max(3).describe('Stored and shown'),
  bands: z
    .array(tariffBandSchema)
    .max(tariffLimits.bandsMax)
    .default([])
    .describe('Overlapping bands on the same day are refused (4129)'),
});
export type TariffSave = z.input<typeof tariffSaveSchema>;

export const tariffSchema = tariffSaveSchema.omit({ stationId: true }).extend({
  /** The version: sessions name the one they started under. */
  id: z.number().int(),
  currency: z.string(),
  timeZone: z.string(),
  /** The site's own cost per kWh, shown beside the price (margin). */
  fixedCost: z.number(),
  updatedAt: z.iso.datetime(),
});
export type Tariff = z.infer<typeof tariffSchema>;

export const tariffRefSchema = z.object({ stationId });
/** null until the site's first tariff is saved. */
export const tariffDetailSchema = tariffSchema.nullable();
