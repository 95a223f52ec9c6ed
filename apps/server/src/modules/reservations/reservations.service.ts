import {
  codes,
  cardMissingMessage,
  reservationCardRecycledMessage,
  reservationMissingMessage,
  reservationPastMessage,
  type Reservation,
  type ReservationAdd,
  type ReservationCancelResult,
  type ReservationResult,
} from '@plugboard/contract';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { cardAuthorization } from '../cards/card-authorization.service.ts';
import type { ChargerLink } from '../chargers/charger-link.ts';
import type { ChargerViewService } from '../chargers/charger-view.service.ts';
import { reservationsRepository, type ReservationRow } from './reservations.repository.ts';

export type ReservationsDeps = {
  db: Db;
  now: () => Date;
  link: ChargerLink;
  chargerView: Pick<ChargerViewService, 'find'>;
};

/**
 * Reservations of a charger's connectors for a card of the site until a time (OCPP 1.6 5.13 ReserveNow, 5.2
 * CancelReservation). The reservation's id is the reservationId the charger is told. It ends at its expiry (the
 * charger drops it then; here it is no longer listed), when cancelled, or when its card starts a transaction on
 * the connector (or, reserved on connector 0, on any).
 */
export function reservationsService({ db, now, link, chargerView }: ReservationsDeps) {
  const repo = reservationsRepository(db);
  const charger = async (stationId: number, chargerId: number) => {
    const found = await chargerView.find(stationId, chargerId);
    if (!found) throw new AppError(codes.chargerNotFound);
    return found;
  };

  return {
    list: async (stationId: number, chargerId: number): Promise<Reservation[]> => {
      await charger(stationId, chargerId);
      return (await repo.active(stationId, chargerId, now())).map(toReservation);
    },

    /** 1039 for a card that is not the site's or is recycled; 4129 for an end in the past; 1003 offline. */
    add: async (stationId: number, input: Omit<ReservationAdd, 'stationId'>): Promise<ReservationResult> => {
      const { productCode } = await charger(stationId, input.chargerId);
      const expiry = new Date(input.expiryDate);
      if (expiry.getTime() <= now().getTime()) throw new AppError(codes.invalidInput, reservationPastMessage);
      const { status: card } = await cardAuthorization(db).decide(stationId, input.idTag);
      if (card === 'Invalid') throw new AppError(codes.operationFailed, cardMissingMessage);
      if (card === 'Blocked') throw new AppError(codes.operationFailed, reservationCardRecycledMessage);
      const row = await repo.insert({
        station_id: stationId,
        charger_id: input.chargerId,
        connector_id: input.connectorId,
        id_tag: input.idTag,
        expiry_date: expiry,
        created_at: now(),
      });
      const answer = await link
        .send(productCode, 'ReserveNow', {
          connectorId: input.connectorId,
          expiryDate: expiry.toISOString(),
          idTag: input.idTag,
          reservationId: row.id,
        })
        .catch(async (error: unknown) => {
          await repo.settle(row.id, { status: 'refused', ended_at: now() });
          throw error;
        });
      if (answer.status !== 'Accepted') {
        await repo.settle(row.id, { status: 'refused', answer: answer.status, ended_at: now() });
        return { status: answer.status, reservation: null };
      }
      await repo.settle(row.id, { status: 'active', answer: answer.status });
      return { status: 'Accepted', reservation: toReservation(row) };
    },

    /** Ends here whatever the charger answers: Rejected means it holds no such reservation any more. */
    cancel: async (
      stationId: number,
      chargerId: number,
      reservationId: number,
    ): Promise<ReservationCancelResult> => {
      const { productCode } = await charger(stationId, chargerId);
      const row = await repo.findActive(stationId, chargerId, reservationId, now());
      if (!row) throw new AppError(codes.operationFailed, reservationMissingMessage);
      const { status } = await link.send(productCode, 'CancelReservation', { reservationId });
      await repo.settle(row.id, { status: 'cancelled', ended_at: now() });
      return { status };
    },

    /** A transaction started: the card's reservation on that connector is used. */
    used: (e: {
      chargerId: number;
      connectorId: number;
      idTag: string;
      sessionId: number;
      startTime: string;
    }) => repo.use({ ...e, at: new Date(e.startTime) }),
  };
}

export type ReservationsService = ReturnType<typeof reservationsService>;

const toReservation = (r: ReservationRow): Reservation => ({
  id: r.id,
  chargerId: r.charger_id,
  connectorId: r.connector_id,
  idTag: r.id_tag,
  expiryDate: r.expiry_date.toISOString(),
  createdAt: r.created_at.toISOString(),
});
