import { sql, type Expression, type Insertable, type Selectable, type Updateable } from 'kysely';
import type { Db } from '../../db/client.ts';
import type { Database } from '../../db/schema.ts';

export type ChargingSessionRow = Selectable<Database['charging_sessions']>;

/** An ongoing session with what the console shows of it: the newest energy and current readings since it began. */
export type OngoingSessionRow = {
  id: number;
  transaction_id: string;
  charger_id: number;
  connector_id: number;
  start_time: Date;
  /** When this server recorded its start. */
  created_at: Date;
  meter_start_wh: number;
  energy_wh: number | null;
  current_l1: number | null;
  current_l2: number | null;
  current_l3: number | null;
};

/** An `OngoingSessionRow` as json_build_object writes it: its times as text. */
export type OngoingSessionJson = Omit<OngoingSessionRow, 'start_time' | 'created_at'> & {
  start_time: string;
  created_at: string;
};

/** An ongoing session read back from `ongoingWithReadingsJson`. */
export const ongoingFromJson = (s: OngoingSessionJson): OngoingSessionRow => ({
  ...s,
  start_time: new Date(s.start_time),
  created_at: new Date(s.created_at),
});

export type NewSession = {
  /** Drawn with `nextId` beforehand when it is the transaction id too (OCPP 1.6); else the sequence gives one. */
  id: number | undefined;
  /** The charger's (OCPP 2.0.1), or the digits of `id` (1.6). */
  transactionId: string;
  stationId: number;
  chargerId: number;
  connectorId: number;
  idTag: string;
  startTime: Date;
  meterStartWh: number;
  startBy: string;
  /** What the card check decided (OCPP idTagInfo.status); the session is recorded whatever it says. */
  authorization: string;
  /** The site's card the id tag names, with its group as it is now; undefined for an id tag that is no card. */
  card: { id: number; groupId: number; groupName: string; multiplierBp: number } | undefined;
};

const isUnknown = sql<boolean>`'unknownTransaction' = any (flags)`;

/** Charging sessions as they start, stop and are closed, and the reads of ongoing ones. */
/**
 * The newest energy reading (`e`) and the newest phase currents (`c`) of an ongoing session `s` since its start, as
 * two lateral joins: read alike by `ongoingWithReadings` and by its JSON form that other lists fold in.
 */
const newestReadings = sql`left join lateral (
    select m.energy_wh from meter_values m
    where m.charger_id = s.charger_id and m.connector_id = s.connector_id and m.sampled_at >= s.start_time
      and m.energy_wh is not null
    order by m.sampled_at desc limit 1) e on true
  left join lateral (
    select m.current_l1, m.current_l2, m.current_l3 from meter_values m
    where m.charger_id = s.charger_id and m.connector_id = s.connector_id and m.sampled_at >= s.start_time
      and (m.current_l1 is not null or m.current_l2 is not null or m.current_l3 is not null)
    order by m.sampled_at desc limit 1) c on true`;

export function sessionsRepository(db: Db) {
  return {
    /** A new session id, drawn before the insert: OCPP 1.6 transaction ids are ours, and a session's own id. */
    nextId: async (): Promise<number> => {
      const { rows } = await sql<{
        id: string;
      }>`select nextval(pg_get_serial_sequence('charging_sessions', 'id')) as id`.execute(db);
      return Number(rows[0]!.id);
    },

    /**
     * Inserts a session under its transaction id, in one statement. Returns undefined when a session with the same
     * start (charger, connector, card, time) or, on the same charger, the same transaction id exists: a replay.
     * The session keeps snapshots: the charger's alias and product code (history outlives the charger), and the
     * site's tariff version valid at its start and currency (a tariff saved later applies to later sessions only; a
     * session replayed late from the charger's offline queue keeps the version of its start). A session that started
     * before the site's first version takes the newest, as it did before versions were compared with the start.
     */
    insertStarted: async (s: NewSession): Promise<ChargingSessionRow | undefined> => {
      const result = await sql<ChargingSessionRow>`
        insert into charging_sessions
          (id, transaction_id, station_id, charger_id, connector_id, id_tag, start_time, meter_start_wh, start_by,
           charger_alias, product_code, tariff_id, currency,
           "authorization", card_id, card_group_id, card_group_name, multiplier_bp)
        select coalesce(${s.id ?? null}::bigint, nextval(pg_get_serial_sequence('charging_sessions', 'id'))),
          ${s.transactionId}, ${s.stationId}, ${s.chargerId}, ${s.connectorId}, ${s.idTag}, ${s.startTime},
          ${s.meterStartWh}, ${s.startBy}, c.alias, c.product_code,
          coalesce(
            (select t.id from tariffs t where t.station_id = ${s.stationId} and t.created_at <= ${s.startTime}
              order by t.id desc limit 1),
            (select t.id from tariffs t where t.station_id = ${s.stationId} order by t.id desc limit 1)),
          site.currency,
          ${s.authorization}, ${s.card?.id ?? null}, ${s.card?.groupId ?? null}, ${s.card?.groupName ?? null},
          ${s.card?.multiplierBp ?? 10_000}
        from chargers c
        join sites site on site.id = ${s.stationId}
        where c.id = ${s.chargerId}
        on conflict do nothing
        returning *`.execute(db);
      return result.rows[0];
    },

    findByStart: (s: Pick<NewSession, 'chargerId' | 'connectorId' | 'idTag' | 'startTime'>) =>
      db
        .selectFrom('charging_sessions')
        .selectAll()
        .where('charger_id', '=', s.chargerId)
        .where('connector_id', '=', s.connectorId)
        .where('id_tag', '=', s.idTag)
        .where('start_time', '=', s.startTime)
        .executeTakeFirst(),

    findById: (id: number): Promise<ChargingSessionRow | undefined> =>
      db.selectFrom('charging_sessions').selectAll().where('id', '=', id).executeTakeFirst(),

    hasOngoing: async (chargerId: number): Promise<boolean> =>
      (await db
        .selectFrom('charging_sessions')
        .select('id')
        .where('charger_id', '=', chargerId)
        .where('status', '=', 'ongoing')
        .limit(1)
        .executeTakeFirst()) !== undefined,

    /** Ongoing sessions of those chargers, the earliest first, with the connector's newest readings since start. */
    ongoingWithReadings: async (chargerIds: number[]): Promise<OngoingSessionRow[]> => {
      if (chargerIds.length === 0) return [];
      const result = await sql<OngoingSessionRow>`
        select s.id, s.transaction_id, s.charger_id, s.connector_id, s.start_time, s.created_at, s.meter_start_wh,
          e.energy_wh,
          c.current_l1, c.current_l2, c.current_l3
        from charging_sessions s
        ${newestReadings}
        where s.charger_id = any(${chargerIds}::bigint[]) and s.status = 'ongoing'
        order by s.start_time, s.id`.execute(db);
      return result.rows;
    },

    /**
     * `ongoingWithReadings` as a SQL expression for one charger (`chargerId`, a column of the caller's query): a JSON
     * array of its ongoing sessions, the earliest first, their times as text. Another module's list folds it into
     * its own query (one round trip, bench/api); `ongoingFromJson` reads it back.
     */
    ongoingWithReadingsJson: (chargerId: Expression<number>) => sql<OngoingSessionJson[]>`(
        select coalesce(json_agg(json_build_object('id', s.id, 'transaction_id', s.transaction_id,
          'charger_id', s.charger_id, 'connector_id', s.connector_id, 'start_time', s.start_time,
          'created_at', s.created_at,
          'meter_start_wh', s.meter_start_wh, 'energy_wh', e.energy_wh, 'current_l1', c.current_l1,
          'current_l2', c.current_l2, 'current_l3', c.current_l3) order by s.start_time, s.id), '[]')
        from charging_sessions s
        ${newestReadings}
        where s.charger_id = ${chargerId} and s.status = 'ongoing')`,

    /** The newest power reading since start of each ongoing session of those chargers (W; null without one). */
    ongoingPower: async (
      chargerIds: number[],
    ): Promise<{ charger_id: number; connector_id: number; power_w: number | null }[]> => {
      if (chargerIds.length === 0) return [];
      const result = await sql<{ charger_id: number; connector_id: number; power_w: number | null }>`
        select s.charger_id, s.connector_id, p.power_w
        from charging_sessions s
        left join lateral (
          select m.power_w from meter_values m
          where m.charger_id = s.charger_id and m.connector_id = s.connector_id and m.sampled_at >= s.start_time
            and m.power_w is not null
          order by m.sampled_at desc limit 1) p on true
        where s.charger_id = any(${chargerIds}::bigint[]) and s.status = 'ongoing'`.execute(db);
      return result.rows;
    },

    ongoingOfCharger: (chargerId: number): Promise<ChargingSessionRow[]> =>
      db
        .selectFrom('charging_sessions')
        .selectAll()
        .where('charger_id', '=', chargerId)
        .where('status', '=', 'ongoing')
        .orderBy('start_time')
        .orderBy('id')
        .execute(),

    /**
     * The session a charger's transaction id names, locked: ours first, else a recorded unknown one. Two reads, each
     * on its partial unique index (one read ordered by the flag matched neither and scanned the charger's sessions).
     */
    findForStopForUpdate: async (
      chargerId: number,
      transactionId: string,
    ): Promise<ChargingSessionRow | undefined> => {
      const named = (unknown: boolean) =>
        db
          .selectFrom('charging_sessions')
          .selectAll()
          .where('charger_id', '=', chargerId)
          .where('transaction_id', '=', transactionId)
          .where(unknown ? isUnknown : sql<boolean>`not (${isUnknown})`)
          .forUpdate()
          .executeTakeFirst();
      return (await named(false)) ?? (await named(true));
    },

    /** The session started under that transaction id (not an unknown one's stop), if any. */
    findOwn: (chargerId: number, transactionId: string): Promise<ChargingSessionRow | undefined> =>
      db
        .selectFrom('charging_sessions')
        .selectAll()
        .where('charger_id', '=', chargerId)
        .where('transaction_id', '=', transactionId)
        .where(sql<boolean>`not (${isUnknown})`)
        .executeTakeFirst(),

    /** The session this server started under that transaction id, if any. */
    ownSession: (chargerId: number, transactionId: string) =>
      db
        .selectFrom('charging_sessions')
        .select(['id', 'connector_id'])
        .where('charger_id', '=', chargerId)
        .where('transaction_id', '=', transactionId)
        .where(sql<boolean>`not (${isUnknown})`)
        .executeTakeFirst(),

    ongoingOnConnector: (chargerId: number, connectorId: number, exceptId: number) =>
      db
        .selectFrom('charging_sessions')
        .selectAll()
        .where('charger_id', '=', chargerId)
        .where('connector_id', '=', connectorId)
        .where('status', '=', 'ongoing')
        .where('id', '<>', exceptId)
        .forUpdate()
        .execute(),

    /** Inserts a flagged session for an unknown transaction; undefined if it was recorded before (a replay). */
    insertUnknown: (
      values: Insertable<Database['charging_sessions']>,
    ): Promise<ChargingSessionRow | undefined> =>
      db
        .insertInto('charging_sessions')
        .values(values)
        .onConflict((oc) => oc.doNothing())
        .returningAll()
        .executeTakeFirst(),

    update: (id: number, values: Updateable<Database['charging_sessions']>): Promise<ChargingSessionRow> =>
      db
        .updateTable('charging_sessions')
        .set(values)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow(),

    /** Ongoing sessions of chargers that are not connected and were last seen before `seenBefore`. */
    stuckSessionIds: async (seenBefore: Date): Promise<number[]> =>
      (
        await db
          .selectFrom('charging_sessions as s')
          .innerJoin('chargers as c', 'c.id', 's.charger_id')
          .select('s.id')
          .where('s.status', '=', 'ongoing')
          .where('c.connected', '=', false)
          .where('c.last_seen_at', '<', seenBefore)
          .execute()
      ).map((r) => r.id),

    lockOngoing: (id: number): Promise<ChargingSessionRow | undefined> =>
      db
        .selectFrom('charging_sessions')
        .selectAll()
        .where('id', '=', id)
        .where('status', '=', 'ongoing')
        .forUpdate()
        .executeTakeFirst(),
  };
}
