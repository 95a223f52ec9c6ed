import { z } from 'zod';

/**
 * Load management (spec sections 2 `load`, 3, 4, 8): the site's capacity shared between its chargers by the load
 * allocator (@plugboard/load-allocator), and what each charger was given and why. Currents in amperes per phase.
 * The site's capacity, phase count and isOpenLoad stay fields of the site (sites); these calls read and change
 * them through the sites module.
 */

const stationId = z.number({ error: 'Choose a site' }).int('Choose a site').positive('Choose a site');
const isoDate = z.iso.datetime();

export const loadLimits = {
  /** IEC 61851: a car cannot charge below 6 A; some accept less, none more than this as a minimum. */
  minCurrentMin: 0,
  minCurrentMax: 32,
  maxCurrentMax: 1000,
  scheduleBandsMax: 28,
  defaultMinA: 6,
  /** The voltage a W-only charger's limit is converted with (per phase). */
  voltage: 230,
} as const;

export const loadReasons = ['fairShare', 'rated', 'notDrawing', 'paused', 'rejectsProfiles', 'idle'] as const;
export type LoadReason = (typeof loadReasons)[number];

const amps = (what: string, max: number) =>
  z
    .number({ error: `Enter the ${what} in amperes` })
    .min(0, `The ${what} may not be below 0 A`)
    .max(max, `The ${what} may be at most ${max} A`)
    .refine((v) => Math.abs(v * 10 - Math.round(v * 10)) < 1e-9, {
      error: `The ${what} may have at most 1 decimal`,
    });

const sitePhase = z.union([z.literal(1), z.literal(2), z.literal(3)], {
  error: 'A site phase is L1, L2 or L3',
});
const hhmm = z.string().regex(/^(?:[01]\d|2[0-3]):[0-5]\d$|^24:00$/, 'Enter a time as HH:MM');

export const loadQuerySchema = z.object({ stationId });

/** Turns load management on or off; turning it on with the minimums over the capacity answers 1503. */
export const loadEnableSchema = z.object({
  stationId,
  isOpenLoad: z.union([z.literal(0), z.literal(1)], { error: 'isOpenLoad is 0 or 1' }),
});
export type LoadEnable = z.infer<typeof loadEnableSchema>;

/** The site's phase count and capacity per phase (fields of the site, changed through it); allocated again at once. */
export const loadCapacitySaveSchema = z
  .object({
    stationId,
    phases: z.union([z.literal(1), z.literal(3)], { error: 'The phase count is 1 or 3' }),
    capacityL1: z.number({ error: 'Enter the L1 capacity in whole amperes, more than 0' }).int().positive(),
    capacityL2: z.number().int().positive().nullable(),
    capacityL3: z.number().int().positive().nullable(),
  })
  .superRefine((c, ctx) => {
    for (const key of ['capacityL2', 'capacityL3'] as const) {
      if ((c.phases === 3) !== (c[key] !== null))
        ctx.addIssue({
          code: 'custom',
          path: [key],
          message: 'L2 and L3 are given for a three-phase site only',
        });
    }
  });
export type LoadCapacitySave = z.infer<typeof loadCapacitySaveSchema>;

/** How long a site meter reading counts; an older one is ignored (the site's capacity alone holds). */
export const siteMeterFreshSeconds = 60;

/**
 * The building's own consumption per site phase (not the chargers'), pushed by a meter gateway every few seconds;
 * subtracted from the site's capacity while at most siteMeterFreshSeconds old.
 */
export const loadMeterSchema = z.object({
  stationId,
  currentA: z.tuple([amps('L1 current', 10_000), amps('L2 current', 10_000), amps('L3 current', 10_000)]),
  /** When it was measured (ISO 8601); now when left out. */
  measuredAt: isoDate.optional(),
});
export type LoadMeter = z.infer<typeof loadMeterSchema>;

/** A charger's place in the site's wiring and its currents. */
export const loadChargerSaveSchema = z
  .object({
    stationId,
    chargerId: z.number({ error: 'Choose a charger' }).int('Choose a charger').positive('Choose a charger'),
    phases: z.union([z.literal(1), z.literal(3)], { error: 'The phase count is 1 or 3' }),
    /** The site phase that feeds the charger's L1, L2, L3 (a single-phase charger: only the first counts). */
    wiring: z.tuple([sitePhase, sitePhase, sitePhase]),
    minA: amps('minimum current', loadLimits.minCurrentMax),
    /** Null: the charger's own capacity (its capacity L1). */
    maxA: amps('maximum current', loadLimits.maxCurrentMax)
      .positive('The maximum current must be more than 0 A')
      .nullable(),
  })
  .superRefine((c, ctx) => {
    if (c.phases === 3 && new Set(c.wiring).size !== 3)
      ctx.addIssue({
        code: 'custom',
        path: ['wiring'],
        message: 'A three-phase charger uses each site phase once',
      });
    if (c.maxA !== null && c.maxA < c.minA)
      ctx.addIssue({
        code: 'custom',
        path: ['maxA'],
        message: 'The maximum current may not be below the minimum',
      });
  });
export type LoadChargerSave = z.infer<typeof loadChargerSaveSchema>;

/** A band of the capacity schedule: on those weekdays (1 Monday .. 7 Sunday), from..to in the site's time zone. */
export const loadBandSchema = z
  .object({
    days: z
      .array(z.number().int().min(1).max(7), { error: 'Choose the days' })
      .min(1, 'Choose at least one day')
      .max(7),
    from: hhmm,
    to: hhmm,
    limitA: amps('capacity', loadLimits.maxCurrentMax),
  })
  .refine((b) => b.from < b.to, { error: 'The band must end after it starts', path: ['to'] });
export type LoadBand = z.infer<typeof loadBandSchema>;

export const loadScheduleSaveSchema = z.object({
  stationId,
  bands: z
    .array(loadBandSchema)
    .max(loadLimits.scheduleBandsMax, `At most ${loadLimits.scheduleBandsMax} bands`),
});
export type LoadScheduleSave = z.infer<typeof loadScheduleSaveSchema>;

const triple = z.tuple([z.number(), z.number(), z.number()]);

export const loadChargerSchema = z.object({
  chargerId: z.number().int(),
  alias: z.string(),
  productCode: z.string(),
  connected: z.boolean(),
  charging: z.boolean(),
  phases: z.union([z.literal(1), z.literal(3)]),
  wiring: z.tuple([sitePhase, sitePhase, sitePhase]),
  minA: z.number(),
  /** Null: the charger's own capacity. */
  maxA: z.number().nullable(),
  /** The maximum in force: maxA, else the charger's capacity L1, else 32 A. */
  ratedA: z.number(),
  /** The limit sent (A per phase); null when none is in force. */
  limitA: z.number().nullable(),
  reason: z.enum(loadReasons),
  /** What it may draw on each site phase L1..L3. */
  sitePhasesA: triple,
  /** Its newest measured current on its L1, L2, L3; null when nothing is charging. */
  measuredA: triple.nullable(),
  /** The limit it keeps if the central system goes away (its TxDefaultProfile). */
  fallbackA: z.number(),
  rejectsProfiles: z.boolean(),
  /** 'W' for a charger that accepts only limits in watts. */
  rateUnit: z.enum(['A', 'W']),
});
export type LoadCharger = z.infer<typeof loadChargerSchema>;

export const loadPhaseSchema = z.object({
  phase: z.enum(['L1', 'L2', 'L3']),
  /** The limit in force now (the site's capacity, or the schedule's band). */
  limitA: z.number(),
  /** Counted for chargers that reject profiles. */
  reservedA: z.number(),
  allocatedA: z.number(),
  measuredA: z.number(),
});

export const loadDetailSchema = z.object({
  isOpenLoad: z.union([z.literal(0), z.literal(1)]),
  sitePhases: z.union([z.literal(1), z.literal(3)]),
  capacityA: triple,
  timeZone: z.string(),
  phases: z.array(loadPhaseSchema),
  chargers: z.array(loadChargerSchema),
  bands: z.array(loadBandSchema),
  /** The band in force now, null outside every band. */
  activeBand: z.number().int().nullable(),
  /** A served car keeps its place this long while others wait, minutes. */
  rotationMinutes: z.number().int(),
  /** When the rotation next changes who charges; null when nobody waits. */
  nextChangeAt: isoDate.nullable(),
  computedAt: isoDate.nullable(),
  /** The site meter's last reading, per phase, and when; null when none came or it is stale. */
  meter: z.object({ currentA: triple, measuredAt: isoDate }).nullable(),
});
export type LoadDetail = z.infer<typeof loadDetailSchema>;

/** The site's current per phase over the last 24 hours, one point every 15 minutes. */
export const loadHistorySchema = z.object({
  points: z.array(z.object({ at: isoDate, currentA: triple })),
});
export type LoadHistory = z.infer<typeof loadHistorySchema>;
