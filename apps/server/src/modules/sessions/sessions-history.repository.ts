import { sql, type RawBuilder } from 'kysely';
import type { ChargingSessionStatus, SessionSortField } from '@plugboard/contract';
import type { Db } from '../../db/client.ts';
import { compiledQuery } from '../../db/compiled.ts';
import { countBound, pageBounds } from '../../db/page-bounds.ts';

export type SessionFilter = {
  stationId: number;
  startFrom?: string | undefined;
  startTo?: string | undefined;
  chargerId?: number | undefined;
  cardId?: string | undefined;
  status?: ChargingSessionStatus | undefined;
};
export type SessionSort = { sortBy: SessionSortField; sortOrder: 'asc' | 'desc' };

/**
 * The sort keys, each ending with the id so that pages never overlap. A session without an end, an energy or a
 * cost (ongoing, or no tariff) sorts as the latest end and as the least energy and cost. Each order is one that
 * an index of 0042_sessions_history.sql reads directly, in either direction.
 */
export function orderOf({ sortBy, sortOrder }: SessionSort, table: 's.' | ''): RawBuilder<unknown>[] {
  const asc = sortOrder === 'asc';
  const dir = sql.raw(asc ? 'asc' : 'desc');
  const col = (name: string) => sql.raw(`${table}${name}`);
  const leastFirst = sql.raw(asc ? 'asc nulls first' : 'desc nulls last');
  const id = sql`${col('id')} ${dir}`;
  switch (sortBy) {
    case 'startTime':
      return [sql`${col('start_time')} ${dir}`, id];
    case 'endTime':
      return [sql`${col('end_time')} ${dir}`, id];
    case 'energy':
      return [sql`${col('energy_wh')} ${leastFirst}`, id];
    case 'cost':
      return [sql`${col('cost_gross_minor')} ${leastFirst}`, id];
  }
}

/** The filter as SQL conditions on `charging_sessions` (aliased `s.` or not). */
export function conditionsOf(f: SessionFilter, table: 's.' | ''): RawBuilder<boolean>[] {
  return conditionsOfValues(conditionValues(f), table);
}

const conditionValues = (f: SessionFilter): FilterValues => ({
  ...f,
  startFrom: f.startFrom ? new Date(f.startFrom) : undefined,
  startTo: f.startTo ? new Date(f.startTo) : undefined,
});

/** A filter with its times as dates: the values bound as the conditions' parameters. */
type FilterValues = Omit<SessionFilter, 'startFrom' | 'startTo'> & {
  startFrom?: Date | undefined;
  startTo?: Date | undefined;
};

const filterKeys = ['startFrom', 'startTo', 'chargerId', 'cardId', 'status'] as const;

function conditionsOfValues(f: FilterValues, table: 's.' | ''): RawBuilder<boolean>[] {
  const col = (name: string) => sql.raw(`${table}${name}`);
  return [
    sql<boolean>`${col('station_id')} = ${f.stationId}`,
    f.startFrom && sql<boolean>`${col('start_time')} >= ${f.startFrom}`,
    f.startTo && sql<boolean>`${col('start_time')} <= ${f.startTo}`,
    f.chargerId !== undefined && sql<boolean>`${col('charger_id')} = ${f.chargerId}`,
    f.cardId && sql<boolean>`lower(${col('id_tag')}) = lower(${f.cardId})`,
    f.status && sql<boolean>`${col('status')} = ${f.status}`,
  ].filter((c): c is RawBuilder<boolean> => Boolean(c));
}

/** The sort keys of the contract: a shape (SQL text) each, so never anything else. */
const sortFields: Record<SessionSortField, true> = {
  startTime: true,
  endTime: true,
  energy: true,
  cost: true,
};

/**
 * The shape of a list's page query (`pageWithExtras`): which filters are given, the sort, the page size, a first
 * page or not (its LIMITs literal, db/page-bounds.ts) and whether it counts.
 */
type PageShape = {
  filters: readonly (typeof filterKeys)[number][];
  sort: SessionSort;
  limit: number;
  firstPage: boolean;
  /** The count's bound on a first page (a literal), or -1 for a later page's (a parameter); undefined: no count. */
  countLimit: number | undefined;
};

function pageShapeKey(s: PageShape): string {
  // Only the closed sets make a shape: an unknown sort key or order is refused, not written into the text.
  if (sortFields[s.sort.sortBy] !== true || (s.sort.sortOrder !== 'asc' && s.sort.sortOrder !== 'desc'))
    throw new RangeError('not a sort of the contract');
  return `${s.filters.join(',')}|${s.sort.sortBy} ${s.sort.sortOrder}|${s.limit}|${s.firstPage}|${s.countLimit}`;
}

const filteredIn = (db: Db, f: FilterValues) =>
  conditionsOfValues(f, '').reduce((q, c) => q.where(c), db.selectFrom('charging_sessions'));

const rowsIn = (db: Db) =>
  db
    .selectFrom('charging_sessions as s')
    .innerJoin('sites as site', 'site.id', 's.station_id')
    .leftJoin('chargers as c', 'c.id', 's.charger_id')
    .select([
      's.id',
      's.station_id',
      's.charger_id',
      sql<string>`coalesce(c.alias, s.charger_alias)`.as('charger_alias'),
      sql<string>`coalesce(c.product_code, s.product_code)`.as('product_code'),
      's.connector_id',
      's.start_by',
      's.id_tag',
      's.card_group_name',
      's.start_time',
      's.end_time',
      's.energy_wh',
      's.meter_start_wh',
      's.meter_stop_wh',
      's.cost_gross_minor',
      sql<string>`coalesce(nullif(s.currency, ''), site.currency)`.as('currency'),
      's.status',
      's.authorization',
      's.tariff_id',
      's.multiplier_bp',
    ]);

const sorted = <Q extends { orderBy: (e: RawBuilder<unknown>) => Q }>(
  q: Q,
  sort: SessionSort,
  t: 's.' | '',
) => orderOf(sort, t).reduce((acc, e) => acc.orderBy(e), q);

/** `pageWithExtras`'s query, compiled once per shape (db/compiled.ts). */
const pageWithExtrasQuery = compiledQuery(
  pageShapeKey,
  (db, shape: PageShape, p: FilterValues & { offset: number; countLimit: number }) => {
    const given = new Set(shape.filters);
    const f: FilterValues = { stationId: p.stationId };
    for (const k of filterKeys) if (given.has(k)) Object.assign(f, { [k]: p[k] });
    const ids = pageBounds(
      sorted(filteredIn(db, f).select('id'), shape.sort, ''),
      shape.limit,
      shape.firstPage ? 0 : p.offset,
    );
    // The count's limit a literal too on a first page (a page size plus sessionCountAhead): see pageBounds.
    const counted = db
      .selectFrom(
        countBound(
          filteredIn(db, f).select(sql`1`.as('one')),
          shape.firstPage ? (shape.countLimit ?? 0) : p.countLimit,
          shape.firstPage,
        ).as('t'),
      )
      .select((eb) => eb.fn.countAll<number>().as('n'));
    return sorted(
      rowsIn(db)
        .select((eb) => [
          shape.countLimit === undefined
            ? sql<number | null>`null::int8`.as('counted')
            : counted.as('counted'),
          'site.time_zone',
          'site.fixed_cost_e4',
          // [epoch ms, Wh] pairs, oldest first, as JSON text: JSON parsing is far cheaper than a row (and a Date)
          // per reading, and PostgreSQL writes the text in about half the time json_agg of json_build_array
          // takes (bench/api). float8 and int8 print as JSON numbers; no reading, no text (null).
          sql<string | null>`case when s.status = 'ongoing' then (
            select '[' || string_agg('[' || (date_part('epoch', m.sampled_at) * 1000) || ',' || m.energy_wh || ']',
              ',' order by m.sampled_at) || ']'
            from meter_values m where m.session_id = s.id and m.energy_wh is not null) end`.as(
            'registers_json',
          ),
          eb.ref('site.currency').as('site_currency'),
        ])
        .where('s.id', 'in', ids),
      shape.sort,
      's.',
    );
  },
);

/** The sessions of a site, filtered and sorted, with the charger's current names (or the snapshot once gone). */
export function sessionsHistoryRepository(db: Db) {
  const filtered = (f: SessionFilter) =>
    conditionsOf(f, '').reduce((q, c) => q.where(c), db.selectFrom('charging_sessions'));
  const rows = () => rowsIn(db);

  return {
    /**
     * A page. The ids are chosen first from an index alone (a deep page skips index entries, not table rows),
     * then only the page's rows are read.
     */
    page: (filter: SessionFilter, sort: SessionSort, limit: number, offset: number) => {
      const ids = pageBounds(sorted(filtered(filter).select('id'), sort, ''), limit, offset);
      return sorted(rows().where('s.id', 'in', ids), sort, 's.').execute();
    },

    /**
     * The list's page in one query (one round trip: on this machine the write of a query to PostgreSQL costs
     * more than most queries, bench/api): the page's rows as `page` reads them, each with how many sessions match
     * counted no further than `countLimit` (evaluated once), and an ongoing session's energy registers (what its
     * estimate is priced from) with its site's time zone. A page past the end has no rows and so no count; without
     * `countLimit` nothing is counted (null).
     */
    pageWithExtras: async (
      filter: SessionFilter,
      sort: SessionSort,
      limit: number,
      offset: number,
      countLimit: number | undefined,
    ) => {
      const firstPage = offset === 0;
      const values: FilterValues = conditionValues(filter);
      const found = await pageWithExtrasQuery.rows(
        db,
        {
          filters: filterKeys.filter((k) => values[k] !== undefined && values[k] !== ''),
          sort,
          limit,
          firstPage,
          countLimit: countLimit === undefined ? undefined : firstPage ? countLimit : -1,
        },
        { ...values, offset, countLimit: countLimit ?? 0 },
      );
      // Each row given its registers in place: a copy of its two dozen fields per row was 1 % of the server's busy
      // time under the API benchmark (bench/api README, session 10).
      const rows = found as ((typeof found)[number] & { registers: [number, number][] | null })[];
      for (const row of rows)
        row.registers =
          row.registers_json === null ? null : (JSON.parse(row.registers_json) as [number, number][]);
      return rows;
    },

    /** How many sessions match, counting no further than `limit` (so a million rows cost what `limit` does). */
    countUpTo: async (filter: SessionFilter, limit: number): Promise<number> => {
      const row = await db
        .selectFrom(
          filtered(filter)
            .select(sql`1`.as('one'))
            .limit(limit)
            .as('t'),
        )
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    count: async (filter: SessionFilter): Promise<number> => {
      const row = await filtered(filter)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    /** One session of the site with everything the detail shows; another site's is not found. */
    find: (stationId: number, id: number) =>
      rows()
        .select(['s.transaction_id', 's.stop_reason', 's.cost_breakdown'])
        .where('s.station_id', '=', stationId)
        .where('s.id', '=', id)
        .executeTakeFirst(),

    /** Locks a session of the site for deletion. */
    lockInStation: (stationId: number, id: number) =>
      db
        .selectFrom('charging_sessions')
        .select(['id', 'status'])
        .where('station_id', '=', stationId)
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst(),

    /** Deletes a session; its readings go with it (meter_values.session_id is ON DELETE CASCADE). */
    delete: async (id: number): Promise<void> => {
      await db.deleteFrom('charging_sessions').where('id', '=', id).execute();
    },
  };
}

export type SessionsHistoryRepository = ReturnType<typeof sessionsHistoryRepository>;
export type SessionRow = Awaited<ReturnType<SessionsHistoryRepository['page']>>[number];
export type SessionDetailRow = NonNullable<Awaited<ReturnType<SessionsHistoryRepository['find']>>>;
