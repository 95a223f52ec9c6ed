import { sql, type Insertable, type Kysely, type Selectable, type Updateable } from 'kysely';
import { compiledQuery } from '../../db/compiled.ts';
import type { Database } from '../../db/schema.ts';

export type SiteRow = Selectable<Database['sites']>;
export type SiteValues = Omit<Insertable<Database['sites']>, 'id' | 'user_id' | 'created_at' | 'updated_at'>;

/** A site of its owner: the site detail's read and each call's ownership check, compiled once (db/compiled.ts). */
const ownedSite = compiledQuery(
  () => '',
  (db, _: void, p: { userId: number; id: number }) =>
    db.selectFrom('sites').selectAll().where('user_id', '=', p.userId).where('id', '=', p.id),
);
const ownedSiteId = compiledQuery(
  () => '',
  (db, _: void, p: { userId: number; id: number }) =>
    db.selectFrom('sites').select('id').where('user_id', '=', p.userId).where('id', '=', p.id),
);

/** Every query is scoped to the owning user: a site of another account is never read, changed or counted. */
export function sitesRepository(db: Kysely<Database>) {
  const owned = (userId: number) => db.selectFrom('sites').selectAll().where('user_id', '=', userId);
  const nameContains = (name: string | undefined) =>
    name ? sql<boolean>`strpos(lower(name), lower(${name})) > 0` : sql<boolean>`true`;

  return {
    insert: (userId: number, values: SiteValues) =>
      db
        .insertInto('sites')
        .values({ ...values, user_id: userId })
        .returningAll()
        .executeTakeFirstOrThrow(),

    findOwned: async (userId: number, id: number) => (await ownedSite.rows(db, undefined, { userId, id }))[0],

    /** Whoever owns it: only for a caller that reached the site another way (a display link names its site). */
    findById: (id: number) => db.selectFrom('sites').selectAll().where('id', '=', id).executeTakeFirst(),

    /** The ids of the sites with load management on, whoever owns them (the load listener's filter). */
    loadManagedIds: async () =>
      (await db.selectFrom('sites').select('id').where('is_open_load', '=', true).execute()).map((r) => r.id),

    /** The row locked until the transaction ends, so that a read-merge-write update is not interleaved. */
    findOwnedForUpdate: (userId: number, id: number) =>
      owned(userId).where('id', '=', id).forUpdate().executeTakeFirst(),

    isOwned: async (userId: number, id: number) =>
      (await ownedSiteId.rows(db, undefined, { userId, id })).length > 0,

    update: (userId: number, id: number, values: Omit<Updateable<Database['sites']>, 'id' | 'user_id'>) =>
      db
        .updateTable('sites')
        .set({ ...values, updated_at: sql`now()` })
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst(),

    delete: async (userId: number, id: number) => {
      const result = await db
        .deleteFrom('sites')
        .where('user_id', '=', userId)
        .where('id', '=', id)
        .executeTakeFirst();
      return result.numDeletedRows > 0n;
    },

    hasChargers: async (id: number) =>
      (await db
        .selectFrom('chargers')
        .select('id')
        .where('station_id', '=', id)
        .limit(1)
        .executeTakeFirst()) !== undefined,

    /** One page by name (case-insensitive), then id: the order of the (user_id, lower(name), id) index. */
    page: (userId: number, { name, limit, offset }: { name?: string; limit: number; offset: number }) =>
      owned(userId)
        .where(nameContains(name))
        .orderBy(sql`lower(name)`)
        .orderBy('id')
        .limit(limit)
        .offset(offset)
        .execute(),

    count: async (userId: number, name?: string) => {
      const row = await db
        .selectFrom('sites')
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .where('user_id', '=', userId)
        .where(nameContains(name))
        .executeTakeFirstOrThrow();
      return Number(row.total);
    },
  };
}
