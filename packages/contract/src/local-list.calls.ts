import type { CallDefinition } from './call-definition.ts';
import { localListQuerySchema, localListSaveSchema, localListSchema } from './local-list.ts';

/** The site's local authorization list: its cards kept on its chargers, to authorize while offline. */
export const localListCalls = {
  '/cms-system/system/local-list/v2/detail': {
    body: localListQuerySchema,
    data: localListSchema,
    access: 'site',
    summary: "Whether the site's chargers keep its cards, and where each charger's copy stands",
  },
  '/cms-system/system/local-list/v2/save': {
    body: localListSaveSchema,
    data: localListSchema,
    access: 'site',
    summary:
      "Turns the site's local list on (LocalAuthListEnabled, SendLocalList Full) or off (an empty list, disabled)",
  },
} as const satisfies Record<string, CallDefinition>;
