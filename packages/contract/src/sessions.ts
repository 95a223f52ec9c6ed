import { z } from 'zod';
import { chargingSessionStatuses } from './chargers.ts';

/**
 * Charging sessions of a site (spec sections 2, 3, 4). `orderNo` in routes is the session id. Money is in the site's
 * currency, major units already rounded to its minor unit (the cost engine's rule, packages/pricing/README.md).
 */

/** Spec section 3's start-by sources, in its order, and 'unknown' (a session the charger never announced). */
export const startBySources = [
  'remoteApp',
  'thirdParty',
  'ble',
  'rfid',
  'qrCode',
  'plugAndCharge',
  'instaCharge',
  'solar',
  'solarOnly',
  'chargerShare',
  'vin',
  'wechat',
  'whitelist',
  'eco',
  'ocmf',
  'others',
  'unknown',
] as const;
export type StartBy = (typeof startBySources)[number];

/** What the card check at Authorize / StartTransaction decided (OCPP idTagInfo.status). */
export const authorizationStatuses = ['Accepted', 'Blocked', 'Expired', 'Invalid', 'ConcurrentTx'] as const;
export type AuthorizationStatus = (typeof authorizationStatuses)[number];

export const sessionSortFields = ['startTime', 'endTime', 'energy', 'cost'] as const;
export type SessionSortField = (typeof sessionSortFields)[number];

/** Export scopes (spec section 2): the page shown, or every page of the filter. */
export const exportScopes = ['page', 'all'] as const;
export const exportFormats = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof exportFormats)[number];

/** The msg of 4129 when a filter's end comes before its start (spec section 5). */
export const startAfterEndMessage = 'The start time must not be later than the end time';

const stationId = z.number({ error: 'Choose a site' }).int('Choose a site').positive('Choose a site');
const orderNo = z
  .number({ error: 'Choose a session' })
  .int('Choose a session')
  .positive('Choose a session')
  .describe('The session id');
const isoDate = z.iso.datetime();

const filters = {
  stationId,
  startFrom: isoDate.optional().describe('Sessions that started at or after this instant'),
  startTo: isoDate.optional().describe('... and at or before this one; not before startFrom (4129)'),
  chargerId: z.number().int().positive().optional(),
  cardId: z.string().trim().max(20).optional().describe('The card ID (idTag), exact, case-insensitive'),
  status: z.enum(chargingSessionStatuses).optional(),
  sortBy: z.enum(sessionSortFields).default('startTime'),
  sortOrder: z.enum(['asc', 'desc']).default('desc'),
};
const checkRange = (v: { startFrom?: string | undefined; startTo?: string | undefined }) =>
  !v.startFrom || !v.startTo || Date.parse(v.startFrom) <= Date.parse(v.startTo);

export const sessionListQuerySchema = z
  .object({
    ...filters,
    pageNum: z.number().int().min(1, 'pageNum starts at 1').default(1),
    pageSize: z.number().int().min(1).max(100, 'pageSize is at most 100').default(10),
  })
  .refine(checkRange, { error: startAfterEndMessage, path: ['startTo'] });
export type SessionListQuery = z.input<typeof sessionListQuerySchema>;

export const sessionItemSchema = z.object({
  orderNo: z.number().int(),
  chargerId: z.number().int().nullable().describe('null once the charger was deleted'),
  chargerAlias: z.string().describe('As it was when the session started, if the charger is gone'),
  productCode: z.string(),
  connectorId: z.number().int(),
  startBy: z.enum(startBySources),
  cardId: z.string().describe('The idTag presented'),
  cardGroupName: z.string().nullable().describe("The card's group when the session started"),
  startTime: isoDate,
  endTime: isoDate.nullable(),
  energyKwh: z.number().describe('3 decimals; so far, for an ongoing session'),
  cost: z.number().nullable().describe('Gross; an estimate while ongoing; null without a tariff'),
  currency: z.string(),
  status: z.enum(chargingSessionStatuses),
  meterValue: z.number().describe('The last meter register reading, kWh, 3 decimals'),
  authorization: z
    .enum(authorizationStatuses)
    .describe('What the card check decided; the charger may have charged anyway'),
});
export type SessionItem = z.infer<typeof sessionItemSchema>;

/** Beyond the page, a list counts at most this many more sessions (an exact count of a million rows is slow). */
export const sessionCountAhead = 10_000;

export const sessionListSchema = z.object({
  list: z.array(sessionItemSchema),
  total: z.number().int(),
  totalCapped: z
    .boolean()
    .describe(
      `true when there are more than \`total\` sessions: the count stops ${sessionCountAhead} rows past the page ("${sessionCountAhead}+")`,
    ),
  pageNum: z.number().int(),
  pageSize: z.number().int(),
});
export type SessionList = z.infer<typeof sessionListSchema>;

export const sessionRefSchema = z.object({ stationId, orderNo });
/** The msg of 1039 when an orderNo is no session of the site. */
export const sessionMissingMessage = 'The session does not exist';
export type SessionRef = z.infer<typeof sessionRefSchema>;

export const costLineSchema = z.object({
  kind: z.enum(['startFee', 'energy', 'chargingTime', 'idleTime']),
  band: z.string().nullable().describe("A time-of-use band's label, null for the base prices"),
  quantity: z.number().describe('kWh, minutes, or 1 for the start fee'),
  unitPrice: z.number(),
  amount: z.number(),
});
export const costBreakdownSchema = z.object({
  lines: z.array(costLineSchema),
  multiplier: z.number().describe("Percent: the card group's tariff rate multiplier"),
  net: z.number(),
  vat: z.number(),
  gross: z.number(),
  vatRate: z.number(),
  pricesIncludeVat: z.boolean(),
  estimate: z.boolean().describe('true while the session is ongoing'),
});
export type CostBreakdown = z.infer<typeof costBreakdownSchema>;

export const sessionDetailSchema = sessionItemSchema.extend({
  /** The charger's transaction id: OCPP 1.6's integer as digits, or a 2.0.1 charger's own string (up to 36). */
  transactionId: z.string(),
  meterStartKwh: z.number(),
  meterStopKwh: z.number().nullable(),
  stopReason: z.string().nullable(),
  tariffId: z.number().int().nullable(),
  breakdown: costBreakdownSchema.nullable(),
  /** Readings for the chart, oldest first (at most a few thousand; thinned evenly beyond that). */
  meterValues: z.array(
    z.object({
      at: isoDate,
      energyKwh: z
        .number()
        .nullable()
        .describe('Charged in the session so far: the register minus the start'),
      powerKw: z.number().nullable(),
    }),
  ),
});
export type SessionDetail = z.infer<typeof sessionDetailSchema>;

/**
 * The export's body. It is not a JSON call: POST /cms-system/system/session/v2/export answers the file itself
 * (text/csv or xlsx), streamed, with the same signed headers and site check; `X-Total-Count` announces the rows.
 */
export const sessionExportSchema = z
  .object({
    ...filters,
    scope: z.enum(exportScopes),
    format: z.enum(exportFormats),
    pageNum: z.number().int().min(1).default(1).describe('With scope "page"'),
    pageSize: z.number().int().min(1).max(100).default(10).describe('With scope "page"'),
    language: z.string().optional().describe('Column headings and start-by labels in this console language'),
  })
  .refine(checkRange, { error: startAfterEndMessage, path: ['startTo'] });
export type SessionExport = z.input<typeof sessionExportSchema>;
export const sessionExportPath = '/cms-system/system/session/v2/export';
