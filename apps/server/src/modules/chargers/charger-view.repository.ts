import { sql, type Expression, type RawBuilder } from 'kysely';
import type { ChargerStatus } from '@plugboard/contract';
import type { Db } from '../../db/client.ts';
import { compiledQuery } from '../../db/compiled.ts';
import { pageBounds } from '../../db/page-bounds.ts';
import type { ChargerRow, ConnectorRow } from './chargers.repository.ts';

/**
 * The list's order: the alias in the ICU collation `natural_order` (numbers by value, case-insensitive first; migration
 * 0185), served by the index on (station_id, alias collate natural_order, id).
 */
const naturalAlias = sql`chargers.alias collate natural_order`;

export type ChargerFilter = { keyword?: string | undefined; status?: ChargerStatus | undefined };

const ofStation = (db: Db, stationId: number, { keyword, status }: ChargerFilter) => {
  let query = db.selectFrom('chargers').where('station_id', '=', stationId);
  if (keyword) {
    query = query.where(
      sql<boolean>`(strpos(lower(product_code), lower(${keyword})) > 0 or strpos(lower(alias), lower(${keyword})) > 0)`,
    );
  }
  if (status) query = query.where('status', '=', status);
  return query;
};

/** What a charger's JSON column `extra_json` holds (the sessions module's expression for one charger). */
type PerCharger = (chargerId: Expression<number>) => RawBuilder<unknown[]>;

/**
 * The list's page query (`pageWithConnectors`), compiled once per shape (db/compiled.ts): which filters are given,
 * the page size, a first page or not (its literal LIMIT, db/page-bounds.ts), and the expression per charger.
 */
const pageQuery = (perCharger: PerCharger) =>
  compiledQuery(
    (s: { keyword: boolean; status: boolean; limit: number; firstPage: boolean }) =>
      `${s.keyword}|${s.status}|${s.limit}|${s.firstPage}`,
    (db, s, p: { stationId: number; offset: number } & ChargerFilter) => {
      const filter = { keyword: s.keyword ? p.keyword : undefined, status: s.status ? p.status : undefined };
      return pageBounds(
        ofStation(db, p.stationId, filter)
          .selectAll('chargers')
          .select([
            ofStation(db, p.stationId, filter)
              .select((eb) => eb.fn.countAll<number>().as('n'))
              .as('matching'),
            sql<ConnectorJson[]>`(select coalesce(json_agg(k order by k.connector_id), '[]') from connectors k
            where k.charger_id = chargers.id)`.as('connectors_json'),
            perCharger(sql.ref<number>('chargers.id')).as('extra_json'),
          ])
          .orderBy(naturalAlias)
          .orderBy('chargers.id'),
        s.limit,
        s.firstPage ? 0 : p.offset,
      );
    },
  );
const pageQueries = new WeakMap<PerCharger, ReturnType<typeof pageQuery>>();

/** A charger of a site (the detail), compiled once. */
const inStation = compiledQuery(
  () => '',
  (db, _: void, p: { stationId: number; chargerId: number }) =>
    db.selectFrom('chargers').selectAll().where('station_id', '=', p.stationId).where('id', '=', p.chargerId),
);

/** The reads behind the console's charger list and detail (their ongoing sessions come from the sessions module). */
export function chargerViewRepository(db: Db) {
  return {
    /** One page of a site's chargers, by alias in natural order (BULK-2 before BULK-10, any case), then id. */
    page: (stationId: number, filter: ChargerFilter, limit: number, offset: number): Promise<ChargerRow[]> =>
      pageBounds(
        ofStation(db, stationId, filter).selectAll().orderBy(naturalAlias).orderBy('id'),
        limit,
        offset,
      ).execute(),

    /**
     * The list's page in one query (one round trip: on this machine the write of a query to PostgreSQL costs more
     * than most queries, bench/api): the rows as `page` reads them, each with how many chargers match (evaluated
     * once), its connectors and what `perCharger` selects for it (the sessions module's ongoing sessions, a JSON
     * array, given by the service: this module does not read that table). A page past the end has no rows and so
     * no count.
     */
    pageWithConnectors: async <T>(
      stationId: number,
      filter: ChargerFilter,
      limit: number,
      offset: number,
      perCharger: (chargerId: Expression<number>) => RawBuilder<T[]>,
    ): Promise<{ rows: ChargerRow[]; connectors: ConnectorRow[]; extra: T[]; total: number | undefined }> => {
      let query = pageQueries.get(perCharger);
      if (!query) pageQueries.set(perCharger, (query = pageQuery(perCharger)));
      const found = await query.rows(
        db,
        { keyword: Boolean(filter.keyword), status: Boolean(filter.status), limit, firstPage: offset === 0 },
        { stationId, ...filter, offset },
      );
      const rows: ChargerRow[] = [];
      const connectors: ConnectorRow[] = [];
      const extra: T[] = [];
      for (const { matching: _, connectors_json, extra_json, ...row } of found) {
        rows.push(row);
        for (const c of connectors_json)
          connectors.push({ ...c, status_at: new Date(c.status_at), updated_at: new Date(c.updated_at) });
        for (const e of extra_json) extra.push(e as T);
      }
      return { rows, connectors, extra, total: found[0]?.matching ?? undefined };
    },

    count: async (stationId: number, filter: ChargerFilter): Promise<number> => {
      const row = await ofStation(db, stationId, filter)
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .executeTakeFirstOrThrow();
      return Number(row.total);
    },

    /** How many of a site's chargers are in each status. */
    statusCounts: async (stationId: number): Promise<{ status: ChargerStatus; chargers: number }[]> => {
      const rows = await db
        .selectFrom('chargers')
        .where('station_id', '=', stationId)
        .select(['status', (eb) => eb.fn.countAll<string>().as('chargers')])
        .groupBy('status')
        .execute();
      return rows.map((r) => ({ status: r.status, chargers: Number(r.chargers) }));
    },

    /** A site's chargers in these statuses, by id. */
    inStatuses: (stationId: number, statuses: ChargerStatus[]): Promise<ChargerRow[]> =>
      db
        .selectFrom('chargers')
        .selectAll()
        .where('station_id', '=', stationId)
        .where('status', 'in', statuses)
        .orderBy('id')
        .execute(),

    /** A charger of that site; another site's charger is not found, exactly like a missing one. */
    findInStation: async (stationId: number, chargerId: number): Promise<ChargerRow | undefined> =>
      (await inStation.rows(db, undefined, { stationId, chargerId }))[0],

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
  };
}

/** A connector row as json_agg writes it: its times as text. */
type ConnectorJson = Omit<ConnectorRow, 'status_at' | 'updated_at'> & {
  status_at: string;
  updated_at: string;
};

export type ChargerViewRepository = ReturnType<typeof chargerViewRepository>;
