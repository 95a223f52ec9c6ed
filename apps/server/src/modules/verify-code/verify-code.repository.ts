import { sql } from 'kysely';
import { serverSecret } from '../../lib/server-secrets.repository.ts';
import type { Db } from '../../db/client.ts';

export function verifyCodeRepository(db: Db) {
  return {
    /** The stored secret of that name, created from `candidate` by the first node that asks. */
    secret: (name: string, candidate: Buffer): Promise<Buffer> => serverSecret(db, name, candidate),

    /** Serialises the sends to one e-mail until the transaction ends, so that two at once cannot beat the limits. */
    lockEmail: (email: string) => sql`select pg_advisory_xact_lock(hashtext(${email}))`.execute(db),

    sendTimesSince: async (email: string, since: Date): Promise<Date[]> =>
      (
        await db
          .selectFrom('verification_codes')
          .select('created_at')
          .where('email', '=', email)
          .where('created_at', '>', since)
          .execute()
      ).map((row) => row.created_at),

    countFromIpSince: async (clientIp: string, since: Date): Promise<number> => {
      const row = await db
        .selectFrom('verification_codes')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('client_ip', '=', clientIp)
        .where('created_at', '>', since)
        .executeTakeFirstOrThrow();
      return Number(row.count);
    },

    insert: (row: {
      email: string;
      purpose: string;
      codeHash: Buffer;
      userId: number | null;
      clientIp: string;
      createdAt: Date;
      expiresAt: Date;
    }) =>
      db
        .insertInto('verification_codes')
        .values({
          email: row.email,
          purpose: row.purpose,
          code_hash: row.codeHash,
          user_id: row.userId,
          client_ip: row.clientIp,
          created_at: row.createdAt,
          expires_at: row.expiresAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow(),

    remove: (id: number) => db.deleteFrom('verification_codes').where('id', '=', id).execute(),

    /** The newest codes of an (email, purpose), newest first. */
    newest: (email: string, purpose: string, limit: number) =>
      db
        .selectFrom('verification_codes')
        .select(['id', 'code_hash', 'user_id', 'expires_at', 'used_at'])
        .where('email', '=', email)
        .where('purpose', '=', purpose)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .execute(),

    /** Uses a code up; false when another request used it first. */
    markUsed: async (id: number, at: Date): Promise<boolean> => {
      const result = await db
        .updateTable('verification_codes')
        .set({ used_at: at })
        .where('id', '=', id)
        .where('used_at', 'is', null)
        .executeTakeFirst();
      return result.numUpdatedRows === 1n;
    },

    /** Forgets codes sent, and wrong-code counts last touched, before `before`. */
    pruneBefore: async (before: Date) => {
      await db.deleteFrom('verification_codes').where('created_at', '<', before).execute();
      await db
        .deleteFrom('verification_failures')
        .where('last_failed_at', '<', before)
        .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<', before)]))
        .execute();
    },

    failures: (email: string, purpose: string) =>
      db
        .selectFrom('verification_failures')
        .selectAll()
        .where('email', '=', email)
        .where('purpose', '=', purpose)
        .executeTakeFirst(),

    /** Counts one wrong code; a count whose last failure is older than `windowStart` starts again at 1. */
    addFailure: async (email: string, purpose: string, at: Date, windowStart: Date): Promise<number> => {
      const row = await db
        .insertInto('verification_failures')
        .values({ email, purpose, failed_tries: 1, last_failed_at: at })
        .onConflict((oc) =>
          oc.columns(['email', 'purpose']).doUpdateSet({
            failed_tries: sql<number>`case when verification_failures.last_failed_at < ${windowStart}
              then 1 else verification_failures.failed_tries + 1 end`,
            last_failed_at: at,
          }),
        )
        .returning('failed_tries')
        .executeTakeFirstOrThrow();
      return row.failed_tries;
    },

    lock: (email: string, purpose: string, until: Date) =>
      db
        .updateTable('verification_failures')
        .set({ locked_until: until, failed_tries: 0 })
        .where('email', '=', email)
        .where('purpose', '=', purpose)
        .execute(),

    clearFailures: (email: string, purpose: string) =>
      db
        .deleteFrom('verification_failures')
        .where('email', '=', email)
        .where('purpose', '=', purpose)
        .execute(),
  };
}
