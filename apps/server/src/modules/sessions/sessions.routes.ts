import type { CallHandlers, CallPath } from '../../lib/calls.ts';
import type { SessionsHistoryService } from './sessions-history.service.ts';

type SessionPath = Extract<CallPath, `/cms-system/system/session/${string}`>;

/** The charging history calls; the export, which answers a file, is sessions-export.routes.ts. */
export function sessionsRoutes(sessions: SessionsHistoryService): CallHandlers<SessionPath> {
  return {
    '/cms-system/system/session/v2/list': ({ stationId, body: { stationId: _site, ...query } }) =>
      sessions.list(stationId, query),
    '/cms-system/system/session/v2/detail': ({ stationId, body }) => sessions.detail(stationId, body.orderNo),
    '/cms-system/system/session/v2/delete': async ({ stationId, body }) => {
      await sessions.remove(stationId, body.orderNo);
      return null;
    },
  };
}
