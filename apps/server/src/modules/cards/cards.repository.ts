import { sql, type Selectable, type Updateable } from 'kysely';
import type { CardStatus } from '@plugboard/contract';
import type { Db } from '../../db/client.ts';
import type { Database } from '../../db/schema.ts';

export type CardRow = Selectable<Database['cards']>;
/** A card with its group's name, as the console shows it. */
export type CardView = CardRow & { group_name: string };

export type CardFilter = {
  keyword?: string | undefined;
  groupId?: number | undefined;
  status: CardStatus;
};

export type NewCard = {
  card_id: string;
  holder: string;
  group_id: number;
  email: string;
  subscribe_report: boolean;
};

/** What the card check at a charger needs: the card, its status, and its group then. */
export type CardForAuthorization = {
  id: number;
  status: CardStatus;
  group_id: number;
  group_name: string;
  multiplier_bp: number;
};

const ids = (values: number[]) => sql<boolean>`c.id = any(${values}::bigint[])`;

/** Every query names the site: a card of another site is never read, changed or counted. */
export function cardsRepository(db: Db) {
  const ofStation = (stationId: number, { keyword, groupId, status }: CardFilter) => {
    let query = db
      .selectFrom('cards as c')
      .innerJoin('card_groups as g', 'g.id', 'c.group_id')
      .where('c.station_id', '=', stationId)
      .where('c.status', '=', status);
    if (keyword) {
      query = query.where(
        sql<boolean>`(strpos(lower(c.card_id), lower(${keyword})) > 0
          or strpos(lower(c.holder), lower(${keyword})) > 0
          or strpos(lower(c.email), lower(${keyword})) > 0)`,
      );
    }
    if (groupId !== undefined) query = query.where('c.group_id', '=', groupId);
    return query;
  };
  const view = (stationId: number, filter: CardFilter) =>
    ofStation(stationId, filter)
      .selectAll('c')
      .select('g.name as group_name')
      .orderBy(sql`lower(c.card_id)`)
      .orderBy('c.id');

  return {
    /** One page by card ID (case-insensitive), then id. */
    page: (stationId: number, filter: CardFilter, limit: number, offset: number): Promise<CardView[]> =>
      view(stationId, filter).limit(limit).offset(offset).execute(),

    all: (stationId: number, filter: CardFilter): Promise<CardView[]> => view(stationId, filter).execute(),

    count: async (stationId: number, filter: CardFilter): Promise<number> => {
      const row = await ofStation(stationId, filter)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    find: (stationId: number, id: number): Promise<CardView | undefined> =>
      db
        .selectFrom('cards as c')
        .innerJoin('card_groups as g', 'g.id', 'c.group_id')
        .selectAll('c')
        .select('g.name as group_name')
        .where('c.station_id', '=', stationId)
        .where('c.id', '=', id)
        .executeTakeFirst(),

    /** A card of the site, locked until the transaction ends. */
    lock: (stationId: number, id: number): Promise<CardRow | undefined> =>
      db
        .selectFrom('cards')
        .selectAll()
        .where('station_id', '=', stationId)
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst(),

    /** The card of the site with that card ID (case-insensitive), whatever its status. */
    findByCardId: (stationId: number, cardId: string): Promise<CardRow | undefined> =>
      db
        .selectFrom('cards')
        .selectAll()
        .where('station_id', '=', stationId)
        .where(sql<boolean>`lower(card_id) = lower(${cardId})`)
        .executeTakeFirst(),

    findForAuthorization: (stationId: number, idTag: string): Promise<CardForAuthorization | undefined> =>
      db
        .selectFrom('cards as c')
        .innerJoin('card_groups as g', 'g.id', 'c.group_id')
        .select(['c.id', 'c.status', 'c.group_id', 'g.name as group_name', 'g.multiplier_bp'])
        .where('c.station_id', '=', stationId)
        .where(sql<boolean>`lower(c.card_id) = lower(${idTag})`)
        .executeTakeFirst(),

    /** Every card ID of the site with its status, for the chargers' local authorization list. */
    authorizationList: (stationId: number): Promise<{ card_id: string; status: string }[]> =>
      db
        .selectFrom('cards')
        .select(['card_id', 'status'])
        .where('station_id', '=', stationId)
        .orderBy('card_id')
        .execute(),

    insert: (stationId: number, card: NewCard, at: Date) =>
      db
        .insertInto('cards')
        .values({ station_id: stationId, ...card, created_at: at, updated_at: at })
        .returning('id')
        .executeTakeFirstOrThrow(),

    /**
     * Inserts many cards in one statement (arrays unnested server-side: a few parameters whatever the count, where
     * a VALUES list would hit PostgreSQL's 65,535-parameter limit around 10,000 cards).
     */
    insertMany: async (stationId: number, cards: NewCard[], at: Date): Promise<number> => {
      if (cards.length === 0) return 0;
      const result = await sql`
        insert into cards (station_id, card_id, holder, group_id, email, subscribe_report, created_at, updated_at)
        select ${stationId}, t.card_id, t.holder, t.group_id, t.email, t.subscribe_report, ${at}, ${at}
        from unnest(${cards.map((c) => c.card_id)}::text[], ${cards.map((c) => c.holder)}::text[],
          ${cards.map((c) => c.group_id)}::bigint[], ${cards.map((c) => c.email)}::text[],
          ${cards.map((c) => c.subscribe_report)}::boolean[])
          as t (card_id, holder, group_id, email, subscribe_report)`.execute(db);
      return Number(result.numAffectedRows ?? 0);
    },

    /** Those card IDs (lower case) that the site already has, with the status of each. */
    existingCardIds: async (stationId: number, lowerCardIds: string[]): Promise<Map<string, CardStatus>> => {
      if (lowerCardIds.length === 0) return new Map();
      const rows = await db
        .selectFrom('cards')
        .select([sql<string>`lower(card_id)`.as('key'), 'status'])
        .where('station_id', '=', stationId)
        .where(sql<boolean>`lower(card_id) = any(${lowerCardIds}::text[])`)
        .execute();
      return new Map(rows.map((r) => [r.key, r.status]));
    },

    update: async (
      stationId: number,
      id: number,
      values: Omit<Updateable<Database['cards']>, 'id' | 'station_id'>,
    ): Promise<void> => {
      await db
        .updateTable('cards')
        .set(values)
        .where('station_id', '=', stationId)
        .where('id', '=', id)
        .execute();
    },

    /** How many of these ids are cards of the site, locking them until the transaction ends. */
    lockMany: async (stationId: number, cardIds: number[]): Promise<number> =>
      (
        await db
          .selectFrom('cards as c')
          .select('c.id')
          .where('c.station_id', '=', stationId)
          .where(ids(cardIds))
          .forUpdate()
          .execute()
      ).length,

    /** A card recycled before keeps its first recycle time. */
    recycleMany: async (stationId: number, cardIds: number[], at: Date): Promise<void> => {
      await db
        .updateTable('cards as c')
        .set({ status: 'recycled', recycled_at: sql<Date>`coalesce(c.recycled_at, ${at})`, updated_at: at })
        .where('c.station_id', '=', stationId)
        .where(ids(cardIds))
        .execute();
    },

    updateMany: async (
      stationId: number,
      cardIds: number[],
      values: Omit<Updateable<Database['cards']>, 'id' | 'station_id'>,
    ): Promise<void> => {
      await db
        .updateTable('cards as c')
        .set(values)
        .where('c.station_id', '=', stationId)
        .where(ids(cardIds))
        .execute();
    },
  };
}

export type CardsRepository = ReturnType<typeof cardsRepository>;
