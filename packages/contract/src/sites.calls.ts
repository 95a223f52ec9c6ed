import { z } from 'zod';
import type { CallDefinition } from './call-definition.ts';
import {
  siteAddSchema,
  siteListQuerySchema,
  siteListSchema,
  siteRefSchema,
  siteSchema,
  siteUpdateSchema,
} from './sites.ts';

/** The site calls (/station/v2). */
export const siteCalls = {
  '/cms-system/system/station/v2/add': {
    body: siteAddSchema,
    data: siteSchema,
    access: 'account',
    summary: 'Adds a site to the account; its currency is fixed from then on',
  },
  '/cms-system/system/station/v2/update': {
    body: siteUpdateSchema,
    data: siteSchema,
    access: 'site',
    summary: 'Changes the fields given; a different currency is refused (4129)',
  },
  '/cms-system/system/station/v2/detail': {
    body: siteRefSchema,
    data: siteSchema,
    access: 'site',
    summary: 'One site of the account',
  },
  '/cms-system/system/station/v2/list': {
    body: siteListQuerySchema,
    data: siteListSchema,
    access: 'account',
    summary: "A page of the account's sites, by name, optionally filtered by part of the name",
  },
  '/cms-system/system/station/v2/delete': {
    body: siteRefSchema,
    data: z.null(),
    access: 'site',
    summary: 'Deletes a site of the account',
  },
} as const satisfies Record<string, CallDefinition>;
