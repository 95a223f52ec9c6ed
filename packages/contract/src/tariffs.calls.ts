import type { CallDefinition } from './call-definition.ts';
import { tariffDetailSchema, tariffRefSchema, tariffSaveSchema, tariffSchema } from './tariffs.ts';

/** The tariff calls (/tariff/v2): the site's one tariff. */
export const tariffCalls = {
  '/cms-system/system/tariff/v2/detail': {
    body: tariffRefSchema,
    data: tariffDetailSchema,
    access: 'site',
    summary: "The site's tariff, or null before the first one is saved",
  },
  '/cms-system/system/tariff/v2/save': {
    body: tariffSaveSchema,
    data: tariffSchema,
    access: 'site',
    summary: 'Saves a new version of the tariff; sessions that start afterwards use it',
  },
} as const satisfies Record<string, CallDefinition>;
