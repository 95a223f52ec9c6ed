import { sql, type RawBuilder } from 'kysely';
import type { LineSql } from './export-lines.ts';
import type { Db } from '../../db/client.ts';
import { conditionsOf, orderOf, type SessionFilter, type SessionSort } from './sessions.repository.ts';

/** Rows the export's cursor reads at a time. */
export const exportBatchRows = 5000;

/**
 * What the database writes of a complete session's line (export-lines.ts), and the site's currency: rows it cannot
 * write (ongoing: their cost is an estimate made in Node; another currency than the site's) come whole, as JSON.
 */
export type LineTerms = { currency: string; line: LineSql };

/** A row the database left to Node, whole. */
export type ExportRow = {
  id: number;
  charger_alias: string;
  product_code: string;
  connector_id: number;
  start_by: string;
  id_tag: string;
  card_group_name: string | null;
  start_ms: number;
  end_ms: number | null;
  energy_wh: number | null;
  meter_start_wh: number;
  meter_stop_wh: number | null;
  cost_gross_minor: number | null;
  currency: string;
  status: 'ongoing' | 'complete';
  authorization: string;
};

/**
 * The export's read: every row of the filter in the list's order (or one page of it), from a cursor. The database
 * writes each complete session's cells but its times (Node writes those, fast): parsing a million rows into objects
 * and formatting them in Node cost more than the query (bench/sessions). Few columns: each costs Node per row.
 */
export function sessionsExportRepository(db: Db) {
  const select = (filter: SessionFilter, { currency, line }: LineTerms) => {
    const left = sql<boolean>`(s.status = 'ongoing' or coalesce(nullif(s.currency, ''), site.currency) <> ${currency})`;
    const epoch = (column: string) => sql`extract(epoch from ${sql.ref(column)})::float8 * 1000`;
    const whole = sql`json_build_object('id', s.id, 'charger_alias', coalesce(c.alias, s.charger_alias),
      'product_code', coalesce(c.product_code, s.product_code), 'connector_id', s.connector_id,
      'start_by', s.start_by, 'id_tag', s.id_tag, 'card_group_name', s.card_group_name,
      'start_ms', ${epoch('s.start_time')}, 'end_ms', ${epoch('s.end_time')}, 'energy_wh', s.energy_wh,
      'meter_start_wh', s.meter_start_wh, 'meter_stop_wh', s.meter_stop_wh, 'cost_gross_minor', s.cost_gross_minor,
      'currency', coalesce(nullif(s.currency, ''), site.currency), 'status', s.status,
      'authorization', s.authorization)::text`;
    const q = db
      .selectFrom('charging_sessions as s')
      .innerJoin('sites as site', 'site.id', 's.station_id')
      .leftJoin('chargers as c', 'c.id', 's.charger_id')
      .select([
        sql<string | null>`case when not ${left} then ${line.head} end`.as('head'),
        sql<number>`${epoch('s.start_time')}`.as('start_ms'),
        sql<number | null>`${epoch('s.end_time')}`.as('end_ms'),
        sql<string | null>`case when not ${left} then ${line.tail} end`.as('tail'),
        sql<string | null>`case when ${left} then ${whole} end`.as('whole'),
      ]);
    return conditionsOf(filter, 's.').reduce((acc, c) => acc.where(c), q);
  };

  return {
    lines: (
      filter: SessionFilter,
      sort: SessionSort,
      page: { limit: number; offset: number } | undefined,
      terms: LineTerms,
    ) => {
      let q = orderOf(sort, 's.').reduce(
        (acc, e: RawBuilder<unknown>) => acc.orderBy(e),
        select(filter, terms),
      );
      if (page) q = q.limit(page.limit).offset(page.offset);
      return q.stream(exportBatchRows);
    },

    /**
     * The ongoing sessions of the filter (a few: one per connector at most), read before the cursor opens: pricing
     * them needs queries, which must not wait for a second connection while the cursor holds one (downloads given
     * up on a small pool would wait on each other).
     */
    ongoing: async (filter: SessionFilter, terms: LineTerms) => {
      const rows = await select(filter, terms).where('s.status', '=', 'ongoing').execute();
      return rows.flatMap((r) => (r.whole === null ? [] : [JSON.parse(r.whole) as ExportRow]));
    },

    /** What pricing needs of ongoing sessions beyond the export's columns (rare rows: read apart). */
    pricingOf: (ids: number[]) =>
      db
        .selectFrom('charging_sessions')
        .select(['id', 'station_id', 'tariff_id', 'multiplier_bp', 'start_time'])
        .where('id', 'in', ids)
        .execute(),
  };
}
