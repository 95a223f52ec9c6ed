import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../../db/client.ts';
import type { Database } from '../../db/schema.ts';

const isUniqueViolation = (error: unknown) => (error as { code?: string } | null)?.code === '23505';

export function accountRepository(db: Db) {
  const byEmail = (email: string) =>
    db
      .selectFrom('users')
      .selectAll()
      .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
      .executeTakeFirst();

  return {
    findByEmail: byEmail,

    findById: (id: number) => db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst(),

    /** The new row, or undefined when the e-mail is taken (by a concurrent registration too). */
    insert: (row: Insertable<Database['users']>) =>
      db
        .insertInto('users')
        .values(row)
        .returningAll()
        .executeTakeFirstOrThrow()
        .catch((error: unknown) => {
          if (isUniqueViolation(error)) return undefined;
          throw error;
        }),

    /** The updated row, or undefined when a new e-mail is taken. */
    update: (id: number, patch: Updateable<Database['users']>) =>
      db
        .updateTable('users')
        .set(patch)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow()
        .catch((error: unknown) => {
          if (isUniqueViolation(error)) return undefined;
          throw error;
        }),

    /**
     * Everything of an account: rows with its user_id go by ON DELETE CASCADE; rows kept by e-mail address (codes,
     * wrong-code counts, failed logins, sent mail) are deleted here. Run it in a transaction.
     */
    remove: async (id: number, email: string) => {
      const address = email.toLowerCase();
      await db.deleteFrom('users').where('id', '=', id).execute();
      await db.deleteFrom('verification_codes').where('email', '=', address).execute();
      await db.deleteFrom('verification_failures').where('email', '=', address).execute();
      await db.deleteFrom('login_failures').where('email', '=', address).execute();
      await db
        .deleteFrom('outbox')
        .where((eb) => eb(eb.fn('lower', ['to_email']), '=', address))
        .execute();
    },

    /** Failed logins since `since`: by that e-mail, by that client, and by both, with the oldest of the pair. */
    loginFailuresSince: async (email: string, clientIp: string, since: Date) => {
      const row = await db
        .selectFrom('login_failures')
        .select((eb) => [
          eb.fn.countAll<number>().filterWhere('email', '=', email).as('byEmail'),
          eb.fn.countAll<number>().filterWhere('client_ip', '=', clientIp).as('byClient'),
          eb.fn
            .countAll<number>()
            .filterWhere((f) => f.and([f('email', '=', email), f('client_ip', '=', clientIp)]))
            .as('byPair'),
          eb.fn
            .min('created_at')
            .filterWhere((f) => f.and([f('email', '=', email), f('client_ip', '=', clientIp)]))
            .as('oldestByPair'),
        ])
        .where('created_at', '>', since)
        .where((eb) => eb.or([eb('email', '=', email), eb('client_ip', '=', clientIp)]))
        .executeTakeFirstOrThrow();
      return {
        byEmail: Number(row.byEmail),
        byClient: Number(row.byClient),
        byPair: Number(row.byPair),
        oldestByPair: row.oldestByPair as Date | null,
      };
    },

    addLoginFailure: async (email: string, clientIp: string, at: Date, pruneBefore: Date) => {
      await db.insertInto('login_failures').values({ email, client_ip: clientIp, created_at: at }).execute();
      await db.deleteFrom('login_failures').where('created_at', '<', pruneBefore).execute();
    },

    /** All of an e-mail's failures (its password was reset), or those of one client (it logged in). */
    clearLoginFailures: (email: string, clientIp?: string) => {
      const query = db.deleteFrom('login_failures').where('email', '=', email);
      return (clientIp === undefined ? query : query.where('client_ip', '=', clientIp)).execute();
    },
  };
}

export type UserRow = NonNullable<Awaited<ReturnType<ReturnType<typeof accountRepository>['findById']>>>;
