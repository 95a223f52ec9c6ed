import type { Selectable } from 'kysely';
import type { Db } from '../../db/client.ts';
import type { Database } from '../../db/schema.ts';

export type DisplayLinkRow = Selectable<Database['display_links']>;

/** Display links (display_links): only a token's hash is kept; a revoked link keeps its row and is refused. */
export function displayLinksRepository(db: Db) {
  const active = () => db.selectFrom('display_links').selectAll().where('revoked_at', 'is', null);
  return {
    insert: (stationId: number, name: string, tokenHash: Buffer, at: Date): Promise<DisplayLinkRow> =>
      db
        .insertInto('display_links')
        .values({ station_id: stationId, name, token_hash: tokenHash, created_at: at })
        .returningAll()
        .executeTakeFirstOrThrow(),

    activeOfStation: (stationId: number): Promise<DisplayLinkRow[]> =>
      active().where('station_id', '=', stationId).orderBy('created_at').orderBy('id').execute(),

    countActive: async (stationId: number): Promise<number> =>
      Number(
        (
          await db
            .selectFrom('display_links')
            .select((eb) => eb.fn.countAll<string>().as('n'))
            .where('station_id', '=', stationId)
            .where('revoked_at', 'is', null)
            .executeTakeFirstOrThrow()
        ).n,
      ),

    findActiveByHash: (tokenHash: Buffer): Promise<DisplayLinkRow | undefined> =>
      active().where('token_hash', '=', tokenHash).executeTakeFirst(),

    /** True when the site had that link and it was not revoked yet. */
    revoke: async (stationId: number, id: number, at: Date): Promise<boolean> =>
      (
        await db
          .updateTable('display_links')
          .set({ revoked_at: at })
          .where('id', '=', id)
          .where('station_id', '=', stationId)
          .where('revoked_at', 'is', null)
          .executeTakeFirst()
      ).numUpdatedRows > 0n,

    touch: (id: number, at: Date): Promise<unknown> =>
      db.updateTable('display_links').set({ last_used_at: at }).where('id', '=', id).execute(),
  };
}
