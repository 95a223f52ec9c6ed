import type { Insertable, Selectable } from 'kysely';
import type { Db } from '../../db/client.ts';
import type { Database } from '../../db/schema.ts';
import type { SiteTerms } from './tariff-units.ts';

export type TariffRow = Selectable<Database['tariffs']>;
export type NewTariff = Omit<Insertable<Database['tariffs']>, 'id' | 'created_at'>;

/** Tariff versions: a site's tariff is its newest row; rows are never changed, only added. */
export function tariffsRepository(db: Db) {
  return {
    newest: (stationId: number): Promise<TariffRow | undefined> =>
      db
        .selectFrom('tariffs')
        .selectAll()
        .where('station_id', '=', stationId)
        .orderBy('id', 'desc')
        .limit(1)
        .executeTakeFirst(),

    findById: (id: number): Promise<TariffRow | undefined> =>
      db.selectFrom('tariffs').selectAll().where('id', '=', id).executeTakeFirst(),

    insert: (values: NewTariff, at: Date): Promise<TariffRow> =>
      db
        .insertInto('tariffs')
        .values({ ...values, created_at: at })
        .returningAll()
        .executeTakeFirstOrThrow(),

    /** What a tariff is read with: the site's currency, time zone and own cost per kWh. */
    siteTerms: async (stationId: number): Promise<SiteTerms | undefined> => {
      const row = await db
        .selectFrom('sites')
        .select(['currency', 'time_zone', 'fixed_cost_e4'])
        .where('id', '=', stationId)
        .executeTakeFirst();
      return row && { currency: row.currency, timeZone: row.time_zone, fixedCostE4: row.fixed_cost_e4 };
    },
  };
}
