import type { CallDefinition } from './call-definition.ts';
import {
  createdDisplayLinkSchema,
  displayBoardQuerySchema,
  displayBoardSchema,
  displayLinkCreateSchema,
  displayLinkListQuerySchema,
  displayLinkListSchema,
  displayLinkRefSchema,
} from './display.ts';
import { z } from 'zod';

/** The display screen's calls (/display/v2): the operator's display links, and the board a link reads. */
export const displayCalls = {
  '/cms-system/system/display/v2/link/create': {
    body: displayLinkCreateSchema,
    data: createdDisplayLinkSchema,
    access: 'site',
    summary: 'Makes a display link of the site; its token is answered this once',
  },
  '/cms-system/system/display/v2/link/list': {
    body: displayLinkListQuerySchema,
    data: displayLinkListSchema,
    access: 'site',
    summary: "The site's display links that are not revoked",
  },
  '/cms-system/system/display/v2/link/revoke': {
    body: displayLinkRefSchema,
    data: z.null(),
    access: 'site',
    summary: 'Revokes a display link: its board and live socket refuse it from now on (5003)',
  },
  '/cms-system/system/display/v2/board': {
    body: displayBoardQuerySchema,
    data: displayBoardSchema,
    // No login: the display token in the token header (signed like a session token) names the site.
    access: 'none',
    summary: "The board of the display link's site: tiles, capacity, notice (display token, no login)",
  },
} as const satisfies Record<string, CallDefinition>;
