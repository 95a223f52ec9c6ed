import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';

export type ReservationRow = {
  id: number;
  charger_id: number;
  connector_id: number;
  id_tag: string;
  expiry_date: Date;
  created_at: Date;
};

const columns = ['id', 'charger_id', 'connector_id', 'id_tag', 'expiry_date', 'created_at'] as const;

/** The reservations table. */
export function reservationsRepository(db: Db) {
  return {
    insert: (values: {
      station_id: number;
      charger_id: number;
      connector_id: number;
      id_tag: string;
      expiry_date: Date;
      created_at: Date;
    }): Promise<ReservationRow> =>
      db.insertInto('reservations').values(values).returning(columns).executeTakeFirstOrThrow(),

    settle: (id: number, values: { status: string; answer?: string | null; ended_at?: Date | null }) =>
      db.updateTable('reservations').set(values).where('id', '=', id).execute(),

    /** The charger's reservations in force at `at`, the soonest to end first. */
    active: (stationId: number, chargerId: number, at: Date): Promise<ReservationRow[]> =>
      db
        .selectFrom('reservations')
        .select(columns)
        .where('station_id', '=', stationId)
        .where('charger_id', '=', chargerId)
        .where('status', '=', 'active')
        .where('expiry_date', '>', at)
        .orderBy('expiry_date')
        .execute(),

    findActive: (stationId: number, chargerId: number, id: number, at: Date) =>
      db
        .selectFrom('reservations')
        .select(columns)
        .where('id', '=', id)
        .where('station_id', '=', stationId)
        .where('charger_id', '=', chargerId)
        .where('status', '=', 'active')
        .where('expiry_date', '>', at)
        .executeTakeFirst(),

    /**
     * The card's start on the connector uses its reservation there (or on connector 0): the one ending soonest.
     * Idempotent: an event heard twice finds it used already.
     */
    use: (e: { chargerId: number; connectorId: number; idTag: string; sessionId: number; at: Date }) =>
      db
        .updateTable('reservations')
        .set({ status: 'used', session_id: e.sessionId, ended_at: e.at })
        .where(
          'id',
          '=',
          db
            .selectFrom('reservations')
            .select('id')
            .where('charger_id', '=', e.chargerId)
            .where('status', '=', 'active')
            .where('connector_id', 'in', [0, e.connectorId])
            .where(sql<boolean>`lower(id_tag) = lower(${e.idTag})`)
            .where('expiry_date', '>', e.at)
            .orderBy('expiry_date')
            .limit(1),
        )
        .execute(),
  };
}
