import { z } from 'zod';
import type { CallDefinition } from './call-definition.ts';
import {
  sessionDetailSchema,
  sessionListQuerySchema,
  sessionListSchema,
  sessionRefSchema,
} from './sessions.ts';

/** The charging history calls (/session/v2); the export, which answers a file, is not one (sessionExportPath). */
export const sessionCalls = {
  '/cms-system/system/session/v2/list': {
    body: sessionListQuerySchema,
    data: sessionListSchema,
    access: 'site',
    summary: "A page of the site's sessions, filtered and sorted",
  },
  '/cms-system/system/session/v2/detail': {
    body: sessionRefSchema,
    data: sessionDetailSchema,
    access: 'site',
    summary: 'One session with its cost breakdown and meter values',
  },
  '/cms-system/system/session/v2/delete': {
    body: sessionRefSchema,
    data: z.null(),
    access: 'site',
    summary: 'Deletes a session and its meter values, irreversibly; an ongoing one is refused (1036)',
  },
} as const satisfies Record<string, CallDefinition>;
