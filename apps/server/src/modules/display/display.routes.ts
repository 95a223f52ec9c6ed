import { sessionToken, type CallHandlers, type CallPath } from '../../lib/calls.ts';
import type { DisplayLinksService } from './display-links.service.ts';
import type { DisplayService } from './display.service.ts';

type DisplayPath = Extract<CallPath, `/cms-system/system/display/${string}`>;

/**
 * The display calls. The link calls are the operator's (site ownership checked before they run); the board call
 * has no login: its token header holds the display token, which was checked as the request's signing key.
 */
export function displayRoutes(
  links: DisplayLinksService,
  display: DisplayService,
): CallHandlers<DisplayPath> {
  return {
    '/cms-system/system/display/v2/link/create': ({ stationId, body }) => links.create(stationId, body.name),
    '/cms-system/system/display/v2/link/list': ({ stationId }) => links.list(stationId),
    '/cms-system/system/display/v2/link/revoke': ({ stationId, body }) => links.revoke(stationId, body.id),
    '/cms-system/system/display/v2/board': ({ request }) => display.board(sessionToken(request)),
  };
}
