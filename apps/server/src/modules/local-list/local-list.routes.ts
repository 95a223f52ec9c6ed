import type { CallHandlers, CallPath } from '../../lib/calls.ts';
import type { LocalListService } from './local-list.service.ts';

type LocalListPath = Extract<CallPath, `/cms-system/system/local-list/${string}`>;

/** The site's local authorization list; the site's ownership is checked before a handler runs (lib/calls.ts). */
export function localListRoutes(localList: LocalListService): CallHandlers<LocalListPath> {
  return {
    '/cms-system/system/local-list/v2/detail': ({ stationId }) => localList.detail(stationId),
    '/cms-system/system/local-list/v2/save': ({ stationId, body }) => localList.save(stationId, body.enabled),
  };
}
