import type { CallHandlers, CallPath } from '../../lib/calls.ts';
import type { TariffsService } from './tariffs.service.ts';

type TariffPath = Extract<CallPath, `/cms-system/system/tariff/${string}`>;

/** The tariff calls; the site's ownership is checked before they run (lib/calls.ts). */
export function tariffsRoutes(tariffs: TariffsService): CallHandlers<TariffPath> {
  return {
    '/cms-system/system/tariff/v2/detail': ({ stationId }) => tariffs.detail(stationId),
    '/cms-system/system/tariff/v2/save': ({ stationId, body: { stationId: _site, ...input } }) =>
      tariffs.save(stationId, input),
  };
}
