import type { CallHandlers, CallPath } from '../../lib/calls.ts';
import type { NoticesService } from './notices.service.ts';

type NoticePath = Extract<CallPath, `/cms-system/system/notice/${string}`>;

/** The rich-text editor's calls; the site's ownership is checked before they run (lib/calls.ts). */
export function noticesRoutes(notices: NoticesService): CallHandlers<NoticePath> {
  return {
    '/cms-system/system/notice/v2/detail': ({ stationId }) => notices.getSiteTexts(stationId),
    '/cms-system/system/notice/v2/save': ({ stationId, body: { stationId: _site, ...input } }) =>
      notices.save(stationId, input),
  };
}
