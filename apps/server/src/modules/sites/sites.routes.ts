import type { CallHandlers, CallPath } from '../../lib/calls.ts';
import type { SitesService } from './sites.service.ts';

type SitePath = Extract<CallPath, `/cms-system/system/station/${string}`>;

/** The site calls. Ownership of `stationId` is checked before a 'site' handler runs (lib/calls.ts). */
export function sitesRoutes(sites: SitesService): CallHandlers<SitePath> {
  return {
    '/cms-system/system/station/v2/add': ({ session, body: { stationId: _ignored, ...fields } }) =>
      sites.add(session.userId, fields),
    '/cms-system/system/station/v2/update': ({ session, body }) => sites.update(session.userId, body),
    '/cms-system/system/station/v2/detail': ({ session, stationId }) =>
      sites.detail(session.userId, stationId),
    '/cms-system/system/station/v2/list': ({ session, body }) => sites.list(session.userId, body),
    '/cms-system/system/station/v2/delete': async ({ session, stationId }) => {
      await sites.remove(session.userId, stationId);
      return null;
    },
  };
}
