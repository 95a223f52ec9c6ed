import { z } from 'zod';
import type { CallDefinition } from './call-definition.ts';
import {
  loadCapacitySaveSchema,
  loadChargerSaveSchema,
  loadDetailSchema,
  loadEnableSchema,
  loadHistorySchema,
  loadMeterSchema,
  loadQuerySchema,
  loadScheduleSaveSchema,
} from './load.ts';

/** Load management's calls (/load/v2). */
export const loadCalls = {
  '/cms-system/system/load/v2/detail': {
    body: loadQuerySchema,
    data: loadDetailSchema,
    access: 'site',
    summary:
      "The site's load management: per-phase limit, allocated and measured current, each charger's share",
  },
  '/cms-system/system/load/v2/enable': {
    body: loadEnableSchema,
    data: loadDetailSchema,
    access: 'site',
    summary:
      "Turns load management on or off; on with the chargers' minimums over the capacity answers 1503; off clears the profiles",
  },
  '/cms-system/system/load/v2/capacity/save': {
    body: loadCapacitySaveSchema,
    data: loadDetailSchema,
    access: 'site',
    summary: "The site's phase count and capacity L1-L3 (the site's fields), allocated again at once",
  },
  '/cms-system/system/load/v2/charger/save': {
    body: loadChargerSaveSchema,
    data: loadDetailSchema,
    access: 'site',
    summary: "A charger's phase count, wiring (site phase of its L1..L3), minimum and maximum current",
  },
  '/cms-system/system/load/v2/schedule/save': {
    body: loadScheduleSaveSchema,
    data: loadDetailSchema,
    access: 'site',
    summary: "The capacity schedule: lower site limits by weekday and time band, in the site's time zone",
  },
  '/cms-system/system/load/v2/meter': {
    body: loadMeterSchema,
    data: z.null(),
    access: 'site',
    summary:
      "A meter gateway's reading of the building's own current per phase, subtracted from the capacity while fresh (60 s)",
  },
  '/cms-system/system/load/v2/history': {
    body: loadQuerySchema,
    data: loadHistorySchema,
    access: 'site',
    summary: "The site's measured current per phase over the last 24 hours (15-minute points)",
  },
} as const satisfies Record<string, CallDefinition>;
