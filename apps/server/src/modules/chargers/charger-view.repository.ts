import { sql } from 'kysely';
import type { ChargerStatus } from '@plugboard/contract';
import type { Db } from '../../db/client.ts';
import type { ChargerRow, ConnectorRow } from './chargers.repository.ts';

export type ChargerFilter = { keyword?: string | undefined; status?: ChargerStatus | undefined };

/** An ongoing session with what the console shows of it: the newest energy and current readings since it began. */
export type OngoingSessionRow = {
  id: number;
  charger_id: number;
  connector_id: number;
  start_time: Date;
  meter_start_wh: number;
  energy_wh: number | null;
  current_l1: number | null;
  current_l2: number | null;
  current_l3: number | null;
};

/** The reads behind the console's charger list and detail; a page costs four queries whatever its size. */
export function chargerViewRepository(db: Db) {
  const ofStation = (stationId: number, { keyword, status }: ChargerFilter) => {
    let query = db.selectFrom('chargers').where('station_id', '=', stationId);
    if (keyword) {
      query = query.where(
        sql<boolean>`(strpos(lower(product_code), lower(${keyword})) > 0 or strpos(lower(alias), lower(${keyword})) > 0)`,
      );
    }
    if (status) query = query.where('status', '=', status);
    return query;
  };

  return {
    /** One page of a site's chargers, by alias (case-insensitive), then id. */
    page: (stationId: number, filter: ChargerFilter, limit: number, offset: number): Promise<ChargerRow[]> =>
      ofStation(stationId, filter)
        .selectAll()
        .orderBy(sql`lower(alias)`)
        .orderBy('id')
        .limit(limit)
        .offset(offset)
        .execute(),

    count: async (stationId: number, filter: ChargerFilter): Promise<number> => {
      const row = await ofStation(stationId, filter)
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .executeTakeFirstOrThrow();
      return Number(row.total);
    },

    /** A charger of that site; another site's charger is not found, exactly like a missing one. */
    findInStation: (stationId: number, chargerId: number): Promise<ChargerRow | undefined> =>
      db
        .selectFrom('chargers')
        .selectAll()
        .where('station_id', '=', stationId)
        .where('id', '=', chargerId)
        .executeTakeFirst(),

    connectors: async (chargerIds: number[]): Promise<ConnectorRow[]> =>
      chargerIds.length === 0
        ? []
        : db
            .selectFrom('connectors')
            .selectAll()
            .where('charger_id', 'in', chargerIds)
            .orderBy('charger_id')
            .orderBy('connector_id')
            .execute(),

    /** Ongoing sessions of those chargers, the earliest first, with the connector's newest readings since start. */
    ongoingSessions: async (chargerIds: number[]): Promise<OngoingSessionRow[]> => {
      if (chargerIds.length === 0) return [];
      const result = await sql<OngoingSessionRow>`
        select s.id, s.charger_id, s.connector_id, s.start_time, s.meter_start_wh, e.energy_wh,
          c.current_l1, c.current_l2, c.current_l3
        from charging_sessions s
        left join lateral (
          select m.energy_wh from meter_values m
          where m.charger_id = s.charger_id and m.connector_id = s.connector_id and m.sampled_at >= s.start_time
            and m.energy_wh is not null
          order by m.sampled_at desc limit 1) e on true
        left join lateral (
          select m.current_l1, m.current_l2, m.current_l3 from meter_values m
          where m.charger_id = s.charger_id and m.connector_id = s.connector_id and m.sampled_at >= s.start_time
            and (m.current_l1 is not null or m.current_l2 is not null or m.current_l3 is not null)
          order by m.sampled_at desc limit 1) c on true
        where s.charger_id = any(${chargerIds}::bigint[]) and s.status = 'ongoing'
        order by s.start_time, s.id`.execute(db);
      return result.rows;
    },
  };
}

export type ChargerViewRepository = ReturnType<typeof chargerViewRepository>;
