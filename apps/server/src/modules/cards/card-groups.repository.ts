import { sql, type Selectable, type Updateable } from 'kysely';
import type { Db } from '../../db/client.ts';
import type { Database } from '../../db/schema.ts';

export type CardGroupRow = Selectable<Database['card_groups']>;
/** A group with the number of its active cards, as the console lists it. */
export type CardGroupView = CardGroupRow & { card_count: number };

/** The group new cards of a site go to until the operator names another (0040_cards_tariffs.sql). */
export const defaultGroup = { name: 'Default', multiplierBp: 10_000 };

/** Every query names the site: a group of another site is never read, changed or counted. */
export function cardGroupsRepository(db: Db) {
  const withCount = () =>
    db
      .selectFrom('card_groups as g')
      .selectAll('g')
      .select((eb) =>
        eb
          .selectFrom('cards as c')
          .whereRef('c.group_id', '=', 'g.id')
          .where('c.status', '=', 'active')
          .select((e) => e.fn.countAll<number>().as('n'))
          .as('card_count'),
      )
      .$narrowType<{ card_count: number }>();

  return {
    findDefault: (stationId: number): Promise<CardGroupRow | undefined> =>
      db
        .selectFrom('card_groups')
        .selectAll()
        .where('station_id', '=', stationId)
        .where('is_default', '=', true)
        .executeTakeFirst(),

    /** Creates the site's default group unless it has one; two first uses at once make one (unique index). */
    insertDefault: async (stationId: number): Promise<void> => {
      await db
        .insertInto('card_groups')
        .values({
          station_id: stationId,
          name: defaultGroup.name,
          is_default: true,
          multiplier_bp: defaultGroup.multiplierBp,
        })
        .onConflict((oc) => oc.doNothing())
        .execute();
    },

    /** The default group first, then by name (case-insensitive). */
    list: (stationId: number): Promise<CardGroupView[]> =>
      withCount()
        .where('g.station_id', '=', stationId)
        .orderBy('g.is_default', 'desc')
        .orderBy(sql`lower(g.name)`)
        .orderBy('g.id')
        .execute(),

    findView: (stationId: number, id: number): Promise<CardGroupView | undefined> =>
      withCount().where('g.station_id', '=', stationId).where('g.id', '=', id).executeTakeFirst(),

    find: (stationId: number, id: number): Promise<CardGroupRow | undefined> =>
      db
        .selectFrom('card_groups')
        .selectAll()
        .where('station_id', '=', stationId)
        .where('id', '=', id)
        .executeTakeFirst(),

    /** Locked until the transaction ends: a card added to it meanwhile waits (its foreign key check) and then fails. */
    findForUpdate: (stationId: number, id: number): Promise<CardGroupRow | undefined> =>
      db
        .selectFrom('card_groups')
        .selectAll()
        .where('station_id', '=', stationId)
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst(),

    all: (stationId: number): Promise<CardGroupRow[]> =>
      db.selectFrom('card_groups').selectAll().where('station_id', '=', stationId).execute(),

    insert: (stationId: number, values: { name: string; multiplier_bp: number }, at: Date) =>
      db
        .insertInto('card_groups')
        .values({ station_id: stationId, ...values, created_at: at, updated_at: at })
        .returning('id')
        .executeTakeFirstOrThrow(),

    update: async (
      stationId: number,
      id: number,
      values: Pick<
        Updateable<Database['card_groups']>,
        'name' | 'multiplier_bp' | 'is_default' | 'updated_at'
      >,
    ): Promise<void> => {
      await db
        .updateTable('card_groups')
        .set(values)
        .where('station_id', '=', stationId)
        .where('id', '=', id)
        .execute();
    },

    /** The site has no default group until the next `update` sets one (same transaction). */
    clearDefault: async (stationId: number, at: Date): Promise<void> => {
      await db
        .updateTable('card_groups')
        .set({ is_default: false, updated_at: at })
        .where('station_id', '=', stationId)
        .where('is_default', '=', true)
        .execute();
    },

    /** Cards of the group, active and recycled. */
    cardCount: async (groupId: number): Promise<number> => {
      const row = await db
        .selectFrom('cards')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('group_id', '=', groupId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    moveCards: async (fromGroupId: number, toGroupId: number, at: Date): Promise<void> => {
      await db
        .updateTable('cards')
        .set({ group_id: toGroupId, updated_at: at })
        .where('group_id', '=', fromGroupId)
        .execute();
    },

    delete: async (stationId: number, id: number): Promise<void> => {
      await db.deleteFrom('card_groups').where('station_id', '=', stationId).where('id', '=', id).execute();
    },
  };
}

export type CardGroupsRepository = ReturnType<typeof cardGroupsRepository>;
