import type { Db } from '../../db/client.ts';
import { compiledQuery } from '../../db/compiled.ts';

/** A console session by its token's hash, with its user: every call's check, compiled once (db/compiled.ts). */
const byHash = compiledQuery(
  () => '',
  (db, _: void, p: { tokenHash: Buffer }) =>
    db
      .selectFrom('user_sessions')
      .innerJoin('users', 'users.id', 'user_sessions.user_id')
      .select([
        'user_sessions.id',
        'user_sessions.user_id',
        'user_sessions.last_seen_at',
        'user_sessions.expires_at',
        'user_sessions.revoked_at',
        'users.email',
        'users.language',
      ])
      .where('user_sessions.token_hash', '=', p.tokenHash),
);

export function authRepository(db: Db) {
  return {
    insert: (row: { userId: number; tokenHash: Buffer; createdAt: Date; expiresAt: Date }) =>
      db
        .insertInto('user_sessions')
        .values({
          user_id: row.userId,
          token_hash: row.tokenHash,
          created_at: row.createdAt,
          last_seen_at: row.createdAt,
          expires_at: row.expiresAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow(),

    findByHash: async (tokenHash: Buffer) => (await byHash.rows(db, undefined, { tokenHash }))[0],

    touch: (id: number, at: Date) =>
      db.updateTable('user_sessions').set({ last_seen_at: at }).where('id', '=', id).execute(),

    revoke: (id: number, at: Date) =>
      db.updateTable('user_sessions').set({ revoked_at: at }).where('id', '=', id).execute(),

    revokeAllOfUser: (userId: number, at: Date, exceptId?: number) => {
      let query = db
        .updateTable('user_sessions')
        .set({ revoked_at: at })
        .where('user_id', '=', userId)
        .where('revoked_at', 'is', null);
      if (exceptId !== undefined) query = query.where('id', '!=', exceptId);
      return query.execute();
    },
  };
}
