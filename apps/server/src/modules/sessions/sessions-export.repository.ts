import { sql, type RawBuilder } from 'kysely';
import type { Db } from '../../db/client.ts';
import { conditionsOf, orderOf, type SessionFilter, type SessionSort } from './sessions.repository.ts';

/** Rows the export's cursor reads at a time. */
export const exportBatchRows = 2000;

/**
 * The export's read: every row of the filter in the list's order (or one page of it), from a cursor. Only what the
 * file shows, with the names already chosen and the times as epoch milliseconds: parsing a million timestamps into
 * Dates would cost more than the query (bench/sessions).
 */
export function sessionsExportRepository(db: Db) {
  return {
    rows: (filter: SessionFilter, sort: SessionSort, page?: { limit: number; offset: number }) => {
      const epoch = (column: string) =>
        sql<number | null>`extract(epoch from ${sql.ref(column)})::float8 * 1000`;
      let q = db
        .selectFrom('charging_sessions as s')
        .innerJoin('sites as site', 'site.id', 's.station_id')
        .leftJoin('chargers as c', 'c.id', 's.charger_id')
        .select([
          's.id',
          sql<string>`coalesce(c.alias, s.charger_alias)`.as('charger_alias'),
          sql<string>`coalesce(c.product_code, s.product_code)`.as('product_code'),
          's.connector_id',
          's.start_by',
          's.id_tag',
          's.card_group_name',
          epoch('s.start_time').as('start_ms'),
          epoch('s.end_time').as('end_ms'),
          's.energy_wh',
          's.meter_start_wh',
          's.meter_stop_wh',
          's.cost_gross_minor',
          sql<string>`coalesce(nullif(s.currency, ''), site.currency)`.as('currency'),
          's.status',
          's.authorization',
        ]);
      q = orderOf(sort, 's.').reduce((acc, e: RawBuilder<unknown>) => acc.orderBy(e), q);
      q = conditionsOf(filter, 's.').reduce((acc, c) => acc.where(c), q);
      if (page) q = q.limit(page.limit).offset(page.offset);
      return q.stream(exportBatchRows);
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

export type ExportRow =
  Awaited<ReturnType<ReturnType<typeof sessionsExportRepository>['rows']>> extends AsyncIterable<infer R>
    ? R
    : never;
