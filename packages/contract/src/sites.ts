import { z } from 'zod';
import { hasAtMostDecimals } from './numbers.ts';

/** ISO 4217 codes a site may be priced in: the European ones first, then the major others. */
export const currencies = [
  'EUR',
  'GBP',
  'CHF',
  'SEK',
  'NOK',
  'DKK',
  'ISK',
  'PLN',
  'CZK',
  'HUF',
  'RON',
  'BGN',
  'RSD',
  'TRY',
  'UAH',
  'USD',
  'CAD',
  'AUD',
  'NZD',
  'CNY',
  'HKD',
  'JPY',
  'KRW',
  'SGD',
  'INR',
  'AED',
  'BRL',
  'MXN',
  'ZAR',
] as const;
export type Currency = (typeof currencies)[number];

export const defaultTimeZone = 'Europe/Amsterdam';

export const siteLimits = {
  nameMax: 100,
  addressMax: 255,
  contactNameMax: 100,
  contactEmailMax: 254,
  helpPhoneMax: 30,
  /** Per kWh, in the site's currency; generous because some currencies count in hundreds per euro. */
  fixedCostMax: 1_000_000,
  fixedCostDecimals: 4,
  /** kW */
  powerCapacityMax: 100_000,
  powerCapacityDecimals: 2,
  /** A per phase */
  phaseCapacityMax: 10_000,
} as const;

/** The code and message of the one update a site refuses whatever the form says: changing its currency. */
export const currencyLockedCode = 4129;
export const currencyLockedMessage = 'The currency of a site cannot be changed once set';

/** An IANA zone name ("Europe/Amsterdam", "UTC"); offsets like "+01:00" are refused although Intl knows them. */
export function isTimeZone(value: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const emailFormat = z.email();

const stationId = z
  .number({ error: 'Choose a site' })
  .int('Choose a site')
  .positive('Choose a site')
  .describe('The site (station) id');

// Each field once, without defaults, so that add (defaults applied) and update (every field optional) share them.
const fields = {
  name: z
    .string({ error: 'Enter the site name' })
    .trim()
    .min(1, 'Enter the site name')
    .max(siteLimits.nameMax, `The site name may have at most ${siteLimits.nameMax} characters`),
  address: z
    .string({ error: 'Enter the address' })
    .trim()
    .min(1, 'Enter the address')
    .max(siteLimits.addressMax, `The address may have at most ${siteLimits.addressMax} characters`),
  currency: z.enum(currencies, { error: 'Select a currency' }),
  fixedCost: z
    .number({ error: 'Enter the fixed cost as a number' })
    .min(0, 'The fixed cost cannot be negative')
    .max(siteLimits.fixedCostMax, `The fixed cost may be at most ${siteLimits.fixedCostMax}`)
    .refine((v) => hasAtMostDecimals(v, siteLimits.fixedCostDecimals), {
      error: `The fixed cost may have at most ${siteLimits.fixedCostDecimals} decimals`,
    })
    .describe('Per kWh, in the site currency'),
  fixedCostIncludesVat: z.boolean({ error: 'Say whether the fixed cost includes VAT' }),
  powerCapacity: z
    .number({ error: 'Enter the power capacity as a number' })
    .positive('The power capacity must be more than 0')
    .max(siteLimits.powerCapacityMax, `The power capacity may be at most ${siteLimits.powerCapacityMax} kW`)
    .refine((v) => hasAtMostDecimals(v, siteLimits.powerCapacityDecimals), {
      error: `The power capacity may have at most ${siteLimits.powerCapacityDecimals} decimals`,
    })
    .describe('kW'),
  phases: z.union([z.literal(1), z.literal(3)], { error: 'The phase count is 1 or 3' }),
  capacityL1: phaseCapacity('L1'),
  capacityL2: phaseCapacity('L2').nullable().describe('A; null on a single-phase site'),
  capacityL3: phaseCapacity('L3').nullable().describe('A; null on a single-phase site'),
  isOpenLoad: z
    .union([z.literal(0), z.literal(1)], { error: 'isOpenLoad is 0 or 1' })
    .describe('1 = load management active'),
  contactName: z
    .string()
    .trim()
    .max(
      siteLimits.contactNameMax,
      `The contact name may have at most ${siteLimits.contactNameMax} characters`,
    ),
  contactEmail: z
    .string()
    .trim()
    .max(siteLimits.contactEmailMax, 'Enter a valid e-mail address')
    .refine((v) => v === '' || emailFormat.safeParse(v).success, { error: 'Enter a valid e-mail address' })
    .describe('Empty when not given'),
  helpPhone: z
    .string()
    .trim()
    .max(siteLimits.helpPhoneMax, `The help phone may have at most ${siteLimits.helpPhoneMax} characters`)
    .regex(/^[0-9+()./ -]*$/, 'The help phone may contain digits, spaces and + ( ) . / - only'),
  timeZone: z
    .string()
    .refine(isTimeZone, { error: 'Choose a time zone such as Europe/Amsterdam' })
    .describe('IANA time zone name'),
};

function phaseCapacity(phase: string) {
  const message = `Enter the ${phase} capacity in whole amperes, more than 0`;
  return z
    .number({ error: message })
    .int(message)
    .positive(message)
    .max(
      siteLimits.phaseCapacityMax,
      `The ${phase} capacity may be at most ${siteLimits.phaseCapacityMax} A`,
    );
}

type PhaseFields = { phases: 1 | 3; capacityL2?: number | null; capacityL3?: number | null };

/** A single-phase site has only L1; a three-phase site has all three. */
export function checkPhaseCapacities(site: PhaseFields, ctx: z.RefinementCtx) {
  for (const key of ['capacityL2', 'capacityL3'] as const) {
    const given = site[key] !== null && site[key] !== undefined;
    const phase = key.slice(-2);
    if (site.phases === 1 && given)
      ctx.addIssue({ code: 'custom', path: [key], message: `A single-phase site has no ${phase} capacity` });
    if (site.phases === 3 && !given)
      ctx.addIssue({
        code: 'custom',
        path: [key],
        message: `Enter the ${phase} capacity of a three-phase site`,
      });
  }
}

const siteFieldsShape = {
  ...fields,
  fixedCost: fields.fixedCost.default(0),
  fixedCostIncludesVat: fields.fixedCostIncludesVat.default(true),
  capacityL2: fields.capacityL2.default(null),
  capacityL3: fields.capacityL3.default(null),
  isOpenLoad: fields.isOpenLoad.default(0),
  contactName: fields.contactName.default(''),
  contactEmail: fields.contactEmail.default(''),
  helpPhone: fields.helpPhone.default(''),
  timeZone: fields.timeZone.default(defaultTimeZone),
};

/** The fields of a site as the add form sends them; optional ones get their defaults. */
export const siteFieldsSchema = z.object(siteFieldsShape).superRefine(checkPhaseCapacities);
export type SiteFields = z.infer<typeof siteFieldsSchema>;
export type SiteFieldsInput = z.input<typeof siteFieldsSchema>;

/**
 * An update names the site and only the fields it changes. The currency may be repeated but not changed. Moving to
 * one phase drops L2 and L3 unless they are given; the merged site is checked again on the server.
 */
export const siteUpdateSchema = z
  .object({
    stationId,
    name: fields.name.optional(),
    address: fields.address.optional(),
    currency: fields.currency.optional(),
    fixedCost: fields.fixedCost.optional(),
    fixedCostIncludesVat: fields.fixedCostIncludesVat.optional(),
    powerCapacity: fields.powerCapacity.optional(),
    phases: fields.phases.optional(),
    capacityL1: fields.capacityL1.optional(),
    capacityL2: fields.capacityL2.optional(),
    capacityL3: fields.capacityL3.optional(),
    isOpenLoad: fields.isOpenLoad.optional(),
    contactName: fields.contactName.optional(),
    contactEmail: fields.contactEmail.optional(),
    helpPhone: fields.helpPhone.optional(),
    timeZone: fields.timeZone.optional(),
  })
  .superRefine((patch, ctx) => {
    // Only a contradiction inside the update itself; what is missing is judged against the stored site.
    if (patch.phases === 1) checkPhaseCapacities({ ...patch, phases: 1 }, ctx);
  });
export type SiteUpdate = z.infer<typeof siteUpdateSchema>;

// Answers are checked loosely: the rules above apply to what comes in, not to what was stored under older rules.
export const siteSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string(),
  currency: z.string(),
  fixedCost: z.number(),
  fixedCostIncludesVat: z.boolean(),
  powerCapacity: z.number(),
  phases: z.union([z.literal(1), z.literal(3)]),
  capacityL1: z.number().int(),
  capacityL2: z.number().int().nullable(),
  capacityL3: z.number().int().nullable(),
  isOpenLoad: z.union([z.literal(0), z.literal(1)]),
  contactName: z.string(),
  contactEmail: z.string(),
  helpPhone: z.string(),
  timeZone: z.string(),
  createdAt: z.iso.datetime(),
});
export type Site = z.infer<typeof siteSchema>;

export const siteRefSchema = z.object({ stationId });

// The console sends stationId with every call and enterpriseId with the list; this product has neither enterprises
// nor a site in scope before one is chosen, so both are accepted in any shape and ignored.
const ignored = z.unknown().optional().describe('Accepted and ignored');

export const siteAddSchema = z
  .object({ ...siteFieldsShape, stationId: ignored })
  .superRefine(checkPhaseCapacities);

export const siteListQuerySchema = z.object({
  name: z
    .string()
    .trim()
    .max(siteLimits.nameMax)
    .optional()
    .describe('Case-insensitive part of the site name'),
  enterpriseId: ignored,
  stationId: ignored,
  pageNum: z.number().int().min(1, 'pageNum starts at 1').default(1),
  pageSize: z.number().int().min(1).max(100, 'pageSize is at most 100').default(10),
});
export type SiteListQuery = z.infer<typeof siteListQuerySchema>;

export const siteListSchema = z.object({
  list: z.array(siteSchema),
  total: z.number().int(),
  pageNum: z.number().int(),
  pageSize: z.number().int(),
});
export type SiteList = z.infer<typeof siteListSchema>;
