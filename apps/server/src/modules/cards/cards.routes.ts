import type { CallHandlers, CallPath } from '../../lib/calls.ts';
import type { CardGroupsService } from './card-groups.service.ts';
import type { CardImportService } from './card-import.service.ts';
import type { CardsService } from './cards.service.ts';

type CardPath = Extract<
  CallPath,
  `/cms-system/system/card/${string}` | `/cms-system/system/cardGroup/${string}`
>;

export type CardRouteServices = {
  cards: CardsService;
  groups: CardGroupsService;
  imports: CardImportService;
};

/**
 * The console's card and card group calls. Ownership of `stationId` is checked before a handler runs
 * (lib/calls.ts); every service call names the site, so another site's card or group answers like a missing one.
 */
export function cardsRoutes({ cards, groups, imports }: CardRouteServices): CallHandlers<CardPath> {
  return {
    '/cms-system/system/card/v2/list': ({ stationId, body: { stationId: _site, ...query } }) =>
      cards.list(stationId, query),
    '/cms-system/system/card/v2/add': ({ stationId, body: { stationId: _site, ...input } }) =>
      cards.add(stationId, input),
    '/cms-system/system/card/v2/update': ({ stationId, body: { stationId: _site, ...patch } }) =>
      cards.update(stationId, patch),
    '/cms-system/system/card/v2/recycle': async ({ stationId, body }) => {
      await cards.recycle(stationId, body.ids);
      return null;
    },
    '/cms-system/system/card/v2/restore': async ({ stationId, body }) => {
      await cards.restore(stationId, body.ids);
      return null;
    },
    '/cms-system/system/card/v2/group/change': async ({ stationId, body }) => {
      await cards.changeGroup(stationId, body.ids, body.groupId);
      return null;
    },
    '/cms-system/system/card/v2/import': ({ stationId, body }) => imports.import(stationId, body),
    '/cms-system/system/card/v2/export': async ({ stationId, body: { stationId: _site, ...filter } }) => ({
      list: await cards.export(stationId, filter),
    }),
    '/cms-system/system/cardGroup/v2/list': async ({ stationId }) => ({ list: await groups.list(stationId) }),
    '/cms-system/system/cardGroup/v2/add': ({ stationId, body: { stationId: _site, ...input } }) =>
      groups.add(stationId, input),
    '/cms-system/system/cardGroup/v2/update': ({ stationId, body: { stationId: _site, ...patch } }) =>
      groups.update(stationId, patch),
    '/cms-system/system/cardGroup/v2/delete': async ({ stationId, body: { stationId: _site, ...input } }) => {
      await groups.remove(stationId, input);
      return null;
    },
  };
}
