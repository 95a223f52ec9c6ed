import type { CallHandlers, CallPath } from '../../lib/calls.ts';
import type { ReservationsService } from './reservations.service.ts';

type ReservationPath = Extract<CallPath, `/cms-system/system/reservation/${string}`>;

/** A charger's reservations; the site's ownership is checked before a handler runs (lib/calls.ts). */
export function reservationsRoutes(reservations: ReservationsService): CallHandlers<ReservationPath> {
  return {
    '/cms-system/system/reservation/v2/list': async ({ stationId, body }) => ({
      list: await reservations.list(stationId, body.chargerId),
    }),
    '/cms-system/system/reservation/v2/add': ({ stationId, body: { stationId: _site, ...input } }) =>
      reservations.add(stationId, input),
    '/cms-system/system/reservation/v2/cancel': ({ stationId, body }) =>
      reservations.cancel(stationId, body.chargerId, body.reservationId),
  };
}
