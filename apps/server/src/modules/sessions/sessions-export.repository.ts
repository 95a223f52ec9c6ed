import { sql, type RawBuilder } from 'kysely';
import { textBatches, type Db } from '../../db/client.ts';
import { figureColumns, type ChargerNames, type ExportRow } from './export-lines.ts';
import {
  conditionsOf,
  orderOf,
  type SessionFilter,
  type SessionSort,
} from './sessions-history.repository.ts';

/** Rows the export's cursor reads at a time. */
export const exportBatchRows = 5000;

/**
 * The export's read: every row of the filter in the list's order (or one page of it), from a cursor, as the
 * columns' text in export-lines.ts's order. The database does no formatting: Node writes the lines on the
 * other core, and text arrays are the cheapest rows for it to read (bench/sessions).
 */
export function sessionsExportRepository(db: Db) {
  const select = (filter: SessionFilter, siteCurrency: string) => {
    // Whole seconds, as the file shows them: an integer is cheaper to write and to read than a float.
    const epochSeconds = (column: string) => sql`floor(date_part('epoch', ${sql.ref(column)}))::int8`;
    const figures: Record<(typeof figureColumns)[number], RawBuilder<unknown>> = {
      id: sql`s.id`,
      connector: sql`s.connector_id`,
      startBy: sql`s.start_by`,
      start: epochSeconds('s.start_time'),
      end: epochSeconds('s.end_time'),
      energy: sql`s.energy_wh`,
      cost: sql`s.cost_gross_minor`,
      meter: sql`coalesce(s.meter_stop_wh, s.meter_start_wh)`,
      // Nearly always Accepted: nothing is shorter.
      authorization: sql`nullif(s.authorization, 'Accepted')`,
      // A session stored without a currency is in its site's.
      special: sql`case when s.status = 'ongoing' then 'ongoing' when s.currency not in ('', ${siteCurrency}) then s.currency end`,
      charger: sql`s.charger_id`,
    };
    // A charger's names are read once (`chargers`); a session of a deleted charger has the names it had.
    const ofDeleted = (column: string) => sql`case when s.charger_id is null then ${sql.ref(column)} end`;
    const q = db.selectFrom('charging_sessions as s').select([
      // In export-lines.ts's figureColumns order. `concat` writes null as nothing. The comment marks the query
      // in pg_stat_activity for the export's tests.
      sql<string>`concat(${sql.join(
        figureColumns.map((column) => figures[column]),
        sql`, '|', `,
      )}) /* sessions export */`.as('figures'),
      ofDeleted('s.charger_alias').as('charger'),
      ofDeleted('s.product_code').as('product_code'),
      's.id_tag',
      's.card_group_name',
    ]);
    return conditionsOf(filter, 's.').reduce((acc, c) => acc.where(c), q);
  };

  return {
    /**
     * Batches of rows (export-lines.ts `ExportRow`); ending early closes the cursor. The site's chargers' names are
     * put in `chargers` before the first batch, as of the moment the rows are read: every charger a row names is
     * there (a session's charger is of its site, for good).
     */
    batches: (
      filter: SessionFilter,
      sort: SessionSort,
      page: { limit: number; offset: number } | undefined,
      siteCurrency: string,
      chargers: Map<number, ChargerNames>,
    ) => {
      let q = orderOf(sort, 's.').reduce(
        (acc, e: RawBuilder<unknown>) => acc.orderBy(e),
        select(filter, siteCurrency),
      );
      if (page) q = q.limit(page.limit).offset(page.offset);
      const names = db
        .selectFrom('chargers')
        .where('station_id', '=', filter.stationId)
        .select(['id', 'alias', 'product_code']);
      return textBatches<ExportRow>(db, q, exportBatchRows, {
        query: names,
        rows: (rows) => {
          for (const [id, alias, productCode] of rows) {
            chargers.set(Number(id), { alias: alias ?? '', productCode: productCode ?? '' });
          }
        },
      });
    },

    /**
     * What pricing needs of the filter's ongoing sessions (a few: one per connector at most), read before the
     * cursor opens: pricing them needs queries, which must not wait for a second connection while the cursor
     * holds one (downloads given up on a small pool would wait on each other).
     */
    ongoing: (filter: SessionFilter) =>
      conditionsOf(filter, 's.')
        .reduce(
          (acc, c) => acc.where(c),
          db.selectFrom('charging_sessions as s').innerJoin('sites as site', 'site.id', 's.station_id'),
        )
        .where('s.status', '=', 'ongoing')
        .select([
          's.id',
          's.station_id',
          's.tariff_id',
          's.multiplier_bp',
          's.start_time',
          's.meter_start_wh',
          's.status',
          sql<string>`coalesce(nullif(s.currency, ''), site.currency)`.as('currency'),
        ])
        .execute(),
  };
}
