import { sql } from 'kysely';
import type { Db } from '../../db/client.ts';

/** Completed sessions of a site that started in [from, to): the sessions list with status 'complete'. */
export type TotalsRange = { stationId: number; from: Date; to: Date };

const n = (v: unknown): number => Number(v ?? 0);

/**
 * Sums over a site's completed sessions by start time, read from the index of 0070_session_totals.sql alone. Costs
 * are the ones stored at the stop (integer minor units); a session without a tariff adds no money.
 */
export function sessionTotalsRepository(db: Db) {
  const inRange = ({ stationId, from, to }: TotalsRange) =>
    sql`s.station_id = ${stationId} and s.status = 'complete' and s.start_time >= ${from} and s.start_time < ${to}`;

  return {
    totals: async (range: TotalsRange) => {
      const { rows } = await sql<Record<string, unknown>>`
        select count(*) as sessions, sum(s.energy_wh) as energy_wh, sum(s.cost_net_minor) as net_minor,
          sum(s.cost_gross_minor) as gross_minor,
          sum(extract(epoch from s.end_time - s.start_time)) as duration_s,
          sum(extract(epoch from least(s.end_time, ${range.to}) - s.start_time)) as busy_s,
          count(distinct lower(s.id_tag)) filter (where s.id_tag <> '') as cards
        from charging_sessions s where ${inRange(range)}`.execute(db);
      const row = rows[0] ?? {};
      return {
        sessions: n(row.sessions),
        energyWh: n(row.energy_wh),
        netMinor: n(row.net_minor),
        grossMinor: n(row.gross_minor),
        durationS: n(row.duration_s),
        busyS: Math.max(0, n(row.busy_s)),
        distinctCards: n(row.cards),
      };
    },

    /** Per hour or day of the site's wall clock (a DST fall-back's repeated hour is one bucket). */
    series: async (range: TotalsRange, bucket: 'hour' | 'day', timeZone: string) => {
      const unit = sql.lit(bucket);
      const { rows } = await sql<Record<string, unknown>>`
        select to_char(date_trunc(${unit}, s.start_time at time zone ${timeZone}), 'YYYY-MM-DD"T"HH24:MI') as at,
          count(*) as sessions, sum(s.energy_wh) as energy_wh, sum(s.cost_net_minor) as net_minor,
          sum(s.cost_gross_minor) as gross_minor
        from charging_sessions s where ${inRange(range)}
        group by 1 order by 1`.execute(db);
      return rows.map((r) => ({
        at: String(r.at),
        sessions: n(r.sessions),
        energyWh: n(r.energy_wh),
        netMinor: n(r.net_minor),
        grossMinor: n(r.gross_minor),
      }));
    },

    byStartBy: async (range: TotalsRange) => {
      const { rows } = await sql<{ start_by: string; sessions: string }>`
        select s.start_by, count(*) as sessions from charging_sessions s where ${inRange(range)}
        group by 1 order by 2 desc, 1`.execute(db);
      return rows.map((r) => ({ startBy: r.start_by, sessions: n(r.sessions) }));
    },

    /** The chargers with the most energy, named as the sessions list names them (current alias, else snapshot). */
    topChargers: async (range: TotalsRange, limit: number) => {
      const { rows } = await sql<Record<string, unknown>>`
        select t.charger_id, coalesce(c.alias, t.alias) as alias, coalesce(c.product_code, t.product_code) as product_code,
          t.sessions, t.energy_wh
        from (
          select s.charger_id, max(s.charger_alias) as alias, max(s.product_code) as product_code,
            count(*) as sessions, coalesce(sum(s.energy_wh), 0) as energy_wh
          from charging_sessions s where ${inRange(range)}
          group by 1 order by 5 desc, 4 desc, 1 limit ${limit}) t
        left join chargers c on c.id = t.charger_id
        order by t.energy_wh desc, t.sessions desc, t.charger_id`.execute(db);
      return rows.map((r) => ({
        chargerId: r.charger_id === null ? null : n(r.charger_id),
        alias: (r.alias as string | null) ?? '',
        productCode: (r.product_code as string | null) ?? '',
        sessions: n(r.sessions),
        energyWh: n(r.energy_wh),
      }));
    },

    /** The cards (id tags, case-insensitive as the list's filter) with the most energy. */
    topCards: async (range: TotalsRange, limit: number) => {
      const { rows } = await sql<Record<string, unknown>>`
        select min(s.id_tag) as card_id, count(*) as sessions, coalesce(sum(s.energy_wh), 0) as energy_wh
        from charging_sessions s where ${inRange(range)} and s.id_tag <> ''
        group by lower(s.id_tag) order by 3 desc, 2 desc, 1 limit ${limit}`.execute(db);
      return rows.map((r) => ({
        cardId: String(r.card_id),
        sessions: n(r.sessions),
        energyWh: n(r.energy_wh),
      }));
    },

    /** The site's ongoing sessions and the sum of their newest power and current readings (as the chargers list reads them). */
    ongoingNow: async (stationId: number) => {
      const { rows } = await sql<Record<string, unknown>>`
        select count(*) as sessions, sum(m.power_w) as power_w, sum(m.current_l1) as l1,
          sum(m.current_l2) as l2, sum(m.current_l3) as l3
        from charging_sessions s
        left join lateral (
          select v.power_w, v.current_l1, v.current_l2, v.current_l3 from meter_values v
          where v.charger_id = s.charger_id and v.connector_id = s.connector_id and v.sampled_at >= s.start_time
            and (v.power_w is not null or v.current_l1 is not null or v.current_l2 is not null or v.current_l3 is not null)
          order by v.sampled_at desc limit 1) m on true
        where s.station_id = ${stationId} and s.status = 'ongoing'`.execute(db);
      const row = rows[0] ?? {};
      return {
        sessions: n(row.sessions),
        powerW: n(row.power_w),
        currentA: [n(row.l1), n(row.l2), n(row.l3)] as const,
      };
    },
  };
}
