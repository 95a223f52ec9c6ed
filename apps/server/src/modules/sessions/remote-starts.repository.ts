import type { Db } from '../../db/client.ts';

/** Starts the console asked for (RemoteStartTransaction), waiting for the charger's start to take them up. */
export function remoteStartsRepository(db: Db) {
  return {
    /** Remembers a start the console asked for; expired requests of the charger are dropped on the way. */
    insert: async (r: {
      chargerId: number;
      connectorId: number;
      idTag: string;
      at: Date;
      expiresAt: Date;
    }): Promise<number> => {
      await db
        .deleteFrom('remote_start_requests')
        .where('charger_id', '=', r.chargerId)
        .where('expires_at', '<=', r.at)
        .execute();
      const row = await db
        .insertInto('remote_start_requests')
        .values({
          charger_id: r.chargerId,
          connector_id: r.connectorId,
          id_tag: r.idTag,
          expires_at: r.expiresAt,
          created_at: r.at,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    delete: async (id: number): Promise<void> => {
      await db.deleteFrom('remote_start_requests').where('id', '=', id).execute();
    },

    /** Whether a live request of the charger names this id tag (any connector). */
    isExpected: async (chargerId: number, idTag: string, at: Date): Promise<boolean> => {
      const row = await db
        .selectFrom('remote_start_requests')
        .select('id')
        .where('charger_id', '=', chargerId)
        .where('id_tag', '=', idTag)
        .where('expires_at', '>', at)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** Uses up the oldest live request matching a StartTransaction; false when there is none. */
    consume: async (chargerId: number, connectorId: number, idTag: string, at: Date) => {
      const row = await db
        .deleteFrom('remote_start_requests')
        .where(
          'id',
          '=',
          db
            .selectFrom('remote_start_requests')
            .select('id')
            .where('charger_id', '=', chargerId)
            .where('connector_id', '=', connectorId)
            .where('id_tag', '=', idTag)
            .where('expires_at', '>', at)
            .orderBy('id')
            .limit(1),
        )
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },
  };
}
