import { z } from 'zod';
import type { CallDefinition } from './call-definition.ts';
import {
  cardAddSchema,
  cardChangeGroupSchema,
  cardExportQuerySchema,
  cardExportSchema,
  cardGroupAddSchema,
  cardGroupDeleteSchema,
  cardGroupListQuerySchema,
  cardGroupListSchema,
  cardGroupSchema,
  cardGroupUpdateSchema,
  cardIdsSchema,
  cardImportResultSchema,
  cardImportSchema,
  cardListQuerySchema,
  cardListSchema,
  cardSchema,
  cardUpdateSchema,
} from './cards.ts';

/** The card and card group calls (/card/v2, /cardGroup/v2). */
export const cardCalls = {
  '/cms-system/system/card/v2/list': {
    body: cardListQuerySchema,
    data: cardListSchema,
    access: 'site',
    summary: "A page of the site's cards by card ID, active or recycled, filtered by keyword and group",
  },
  '/cms-system/system/card/v2/add': {
    body: cardAddSchema,
    data: cardSchema,
    access: 'site',
    summary: 'Adds a card; a card ID already in the site answers 11001',
  },
  '/cms-system/system/card/v2/update': {
    body: cardUpdateSchema,
    data: cardSchema,
    access: 'site',
    summary: "Changes a card's fields",
  },
  '/cms-system/system/card/v2/recycle': {
    body: cardIdsSchema,
    data: z.null(),
    access: 'site',
    summary:
      'Recycles cards: they can no longer start a charge (Blocked); their sessions keep pointing at them',
  },
  '/cms-system/system/card/v2/restore': {
    body: cardIdsSchema,
    data: z.null(),
    access: 'site',
    summary: 'Makes recycled cards active again',
  },
  '/cms-system/system/card/v2/group/change': {
    body: cardChangeGroupSchema,
    data: z.null(),
    access: 'site',
    summary: 'Moves cards to another group of the site',
  },
  '/cms-system/system/card/v2/import': {
    body: cardImportSchema,
    data: cardImportResultSchema,
    access: 'site',
    summary: 'Checks (dryRun) or imports CSV rows, all or nothing, with a per-row error report',
  },
  '/cms-system/system/card/v2/export': {
    body: cardExportQuerySchema,
    data: cardExportSchema,
    access: 'site',
    summary: 'Every card of the filter, for a CSV file',
  },
  '/cms-system/system/cardGroup/v2/list': {
    body: cardGroupListQuerySchema,
    data: cardGroupListSchema,
    access: 'site',
    summary: "The site's card groups, the default one first; the site gets its default group on first use",
  },
  '/cms-system/system/cardGroup/v2/add': {
    body: cardGroupAddSchema,
    data: cardGroupSchema,
    access: 'site',
    summary: 'Adds a card group with its tariff rate multiplier',
  },
  '/cms-system/system/cardGroup/v2/update': {
    body: cardGroupUpdateSchema,
    data: cardGroupSchema,
    access: 'site',
    summary: "Changes a group's name or multiplier, or makes it the default group",
  },
  '/cms-system/system/cardGroup/v2/delete': {
    body: cardGroupDeleteSchema,
    data: z.null(),
    access: 'site',
    summary: 'Deletes a group, moving its cards to another; the default group cannot be deleted (1039)',
  },
} as const satisfies Record<string, CallDefinition>;
