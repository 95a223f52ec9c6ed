import { z } from 'zod';
import { chargerStatusSchema } from './chargers.ts';
import { startBySources } from './sessions.ts';

/**
 * The overview (spec sections 1, 2): the landing page. "Now" is the site at this moment; a period's figures are
 * those of the sessions list filtered by the same start times and status 'complete' (an ongoing session's cost is
 * an estimate until it stops: it is in "now"). Money in the site's currency as integer minor units (`minorDigits`
 * says where the point goes), energy in Wh, periods in the site's time zone (@plugboard/pricing zoned-time).
 */

const stationId = z.number({ error: 'Choose a site' }).int('Choose a site').positive('Choose a site');
const isoDate = z.iso.datetime();
const day = z.iso.date();

export const overviewPeriodNames = ['today', 'thisMonth', 'lastMonth', 'last3Months', 'custom'] as const;
export type OverviewPeriodName = (typeof overviewPeriodNames)[number];

/** A custom period is at most this many days (a year and a bit: beyond, the day chart stops being readable). */
export const overviewCustomDaysMax = 400;
/** The busiest chargers and cards shown. */
export const overviewTopMax = 5;

export const overviewNowQuerySchema = z.object({ stationId });

const phaseSchema = z.object({
  phase: z.enum(['L1', 'L2', 'L3']),
  currentA: z.number().describe("Sum of the ongoing sessions' newest current readings on this phase, A"),
  capacityA: z.number().int().describe("The site's capacity on this phase, A"),
});

const attentionSchema = z.object({
  chargerId: z.number().int(),
  alias: z.string(),
  productCode: z.string(),
  status: chargerStatusSchema,
  errorCode: z.string().nullable(),
  lastSeenAt: isoDate.nullable(),
});

export const overviewNowSchema = z.object({
  chargers: z.number().int().describe('Chargers of the site'),
  byStatus: z
    .array(z.object({ status: chargerStatusSchema, chargers: z.number().int() }))
    .describe('Only the statuses some charger is in'),
  ongoingSessions: z.number().int(),
  powerW: z.number().describe("Sum of the ongoing sessions' newest power readings, W"),
  capacityW: z.number().int().describe("The site's power capacity, W"),
  phases: z.array(phaseSchema).describe('L1 only on a single-phase site'),
  attention: z.array(attentionSchema).describe('Faulted or offline chargers, faulted first'),
});
export type OverviewNow = z.infer<typeof overviewNowSchema>;

export const overviewPeriodQuerySchema = z
  .object({
    stationId,
    period: z.enum(overviewPeriodNames).default('today'),
    firstDay: day.optional().describe("custom: the first day (site's time zone), YYYY-MM-DD"),
    lastDay: day.optional().describe('custom: the last day, included'),
  })
  .refine((v) => v.period !== 'custom' || (v.firstDay !== undefined && v.lastDay !== undefined), {
    error: 'Choose the first and the last day',
    path: ['firstDay'],
  })
  .refine((v) => v.period !== 'custom' || !v.firstDay || !v.lastDay || v.firstDay <= v.lastDay, {
    error: 'The start time must not be later than the end time',
    path: ['lastDay'],
  })
  .refine(
    (v) =>
      v.period !== 'custom' ||
      !v.firstDay ||
      !v.lastDay ||
      (Date.parse(v.lastDay) - Date.parse(v.firstDay)) / 86_400_000 < overviewCustomDaysMax,
    { error: `A period is at most ${overviewCustomDaysMax} days`, path: ['lastDay'] },
  );
export type OverviewPeriodQuery = z.input<typeof overviewPeriodQuerySchema>;

export const overviewTotalsSchema = z.object({
  sessions: z.number().int(),
  energyWh: z.number().int(),
  netMinor: z.number().int(),
  grossMinor: z.number().int(),
  averageDurationS: z.number().int().nullable().describe('null without sessions'),
  averageEnergyWh: z.number().int().nullable(),
  utilisation: z
    .number()
    .nullable()
    .describe(
      "0..1: the sessions' charger-hours within the period over the chargers' hours; null without chargers",
    ),
  distinctCards: z.number().int(),
});
export type OverviewTotals = z.infer<typeof overviewTotalsSchema>;

const rangeSchema = z.object({ from: isoDate, to: isoDate.describe('Exclusive') });

export const overviewPeriodSchema = z.object({
  period: rangeSchema,
  previous: rangeSchema.describe('The period before, of the same calendar length'),
  timeZone: z.string(),
  currency: z.string(),
  minorDigits: z.number().int(),
  totals: overviewTotalsSchema,
  previousTotals: overviewTotalsSchema,
  bucket: z.enum(['hour', 'day']).describe('hour for a one-day period'),
  series: z
    .array(
      z.object({
        at: z.string().describe("The bucket's wall-clock start in the site's zone, YYYY-MM-DDTHH:mm"),
        sessions: z.number().int(),
        energyWh: z.number().int(),
        netMinor: z.number().int(),
        grossMinor: z.number().int(),
      }),
    )
    .describe('Only buckets with sessions, in order'),
  byStartBy: z.array(z.object({ startBy: z.enum(startBySources), sessions: z.number().int() })),
  topChargers: z.array(
    z.object({
      chargerId: z.number().int().nullable().describe('null once the charger was deleted'),
      alias: z.string(),
      productCode: z.string(),
      sessions: z.number().int(),
      energyWh: z.number().int(),
    }),
  ),
  topCards: z.array(z.object({ cardId: z.string(), sessions: z.number().int(), energyWh: z.number().int() })),
});
export type OverviewPeriod = z.infer<typeof overviewPeriodSchema>;
