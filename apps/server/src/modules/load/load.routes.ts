import type { CallHandlers, CallPath } from '../../lib/calls.ts';
import type { LoadService } from './load.service.ts';

type LoadPath = Extract<CallPath, `/cms-system/system/load/${string}`>;

/** Load management's calls; the site was checked to be the caller's before these run. */
export function loadRoutes(load: LoadService): CallHandlers<LoadPath> {
  return {
    '/cms-system/system/load/v2/detail': ({ stationId }) => load.detail(stationId),
    '/cms-system/system/load/v2/enable': ({ session, stationId, body }) =>
      load.enable(session.userId, stationId, body.isOpenLoad),
    '/cms-system/system/load/v2/capacity/save': ({ session, stationId, body }) =>
      load.saveCapacity(session.userId, stationId, body),
    '/cms-system/system/load/v2/charger/save': ({ stationId, body }) => load.saveCharger(stationId, body),
    '/cms-system/system/load/v2/schedule/save': ({ stationId, body }) => load.saveSchedule(stationId, body),
    '/cms-system/system/load/v2/history': ({ stationId }) => load.history(stationId),
    '/cms-system/system/load/v2/meter': ({ stationId, body }) => load.meter(stationId, body),
  };
}
