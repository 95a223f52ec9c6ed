import { codes, type DisplayBoard } from '@plugboard/contract';
import { AppError } from '../../lib/app-error.ts';
import type { ChargerViewService } from '../chargers/charger-view.service.ts';
import type { NoticesService } from '../notices/notices.service.ts';
import type { ongoingSessions } from '../sessions/ongoing-sessions.service.ts';
import type { sitesService } from '../sites/sites.service.ts';
import type { DisplayLinksService } from './display-links.service.ts';
import { toTile } from './display-tiles.ts';

export type DisplayDeps = {
  links: DisplayLinksService;
  sites: Pick<ReturnType<typeof sitesService>, 'byId'>;
  chargers: Pick<ChargerViewService, 'allOfStation'>;
  sessions: Pick<ReturnType<typeof ongoingSessions>, 'powerOf'>;
  notices: Pick<NoticesService, 'getSiteTexts'>;
};

/** The board a display link reads, made from what the owning modules answer (sites, chargers, sessions, notices). */
export function displayService({ links, sites, chargers, sessions, notices }: DisplayDeps) {
  return {
    /** The board of the token's site; 5003 for any token that is not an active display link. */
    board: async (token: string): Promise<DisplayBoard> => {
      const { stationId } = await links.resolve(token);
      const [site, list, texts] = await Promise.all([
        sites.byId(stationId),
        chargers.allOfStation(stationId),
        notices.getSiteTexts(stationId),
      ]);
      // The link goes with its site (on delete cascade): a site gone meanwhile is a link gone.
      if (!site) throw new AppError(codes.sessionEnded);
      const power = await sessions.powerOf(list.map((c) => c.id));
      const powerOf = (charger: (typeof list)[number]) => {
        const session = charger.ongoingSession;
        const row = power.find((p) => p.charger_id === charger.id && p.connector_id === session?.connectorId);
        return row?.power_w ?? null;
      };
      return {
        stationId,
        siteName: site.name,
        timeZone: site.timeZone,
        capacityW: Math.round(site.powerCapacity * 1000),
        phases: site.phases,
        capacityL1: site.capacityL1,
        capacityL2: site.capacityL2,
        capacityL3: site.capacityL3,
        noticeHtml: texts.display,
        tiles: list.map((charger) => toTile(charger, powerOf(charger))),
      };
    },
  };
}

export type DisplayService = ReturnType<typeof displayService>;
