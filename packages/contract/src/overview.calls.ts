import type { CallDefinition } from './call-definition.ts';
import {
  overviewNowQuerySchema,
  overviewNowSchema,
  overviewPeriodQuerySchema,
  overviewPeriodSchema,
} from './overview.ts';

/** The overview's calls: the site now, and a period's figures. */
export const overviewCalls = {
  '/cms-system/system/overview/now': {
    body: overviewNowQuerySchema,
    data: overviewNowSchema,
    access: 'site',
    summary:
      'The site now: chargers by status, power against capacity, ongoing sessions, chargers needing attention',
  },
  '/cms-system/system/overview/period': {
    body: overviewPeriodQuerySchema,
    data: overviewPeriodSchema,
    access: 'site',
    summary: "A period's figures in the site's time zone (completed sessions), with the previous period's",
  },
} as const satisfies Record<string, CallDefinition>;
