import type { CallHandlers, CallPath } from '../../lib/calls.ts';
import type { OverviewService } from './overview.service.ts';

type OverviewPath = Extract<CallPath, `/cms-system/system/overview/${string}`>;

/** The overview's calls; the site was checked to be the caller's before these run. */
export function overviewRoutes(overview: OverviewService): CallHandlers<OverviewPath> {
  return {
    '/cms-system/system/overview/now': ({ session, stationId }) => overview.now(session.userId, stationId),
    '/cms-system/system/overview/period': ({ session, stationId, body }) =>
      overview.period(session.userId, stationId, body),
  };
}
