import type { Db } from '../db/client.ts';

export function outboxRepository(db: Db) {
  return {
    insert: (row: { to: string; subject: string; text: string; createdAt: Date }) =>
      db
        .insertInto('outbox')
        .values({ to_email: row.to, subject: row.subject, text: row.text, created_at: row.createdAt })
        .returning('id')
        .executeTakeFirstOrThrow(),

    markSent: (id: number, at: Date) =>
      db.updateTable('outbox').set({ sent_at: at }).where('id', '=', id).execute(),

    markFailed: (id: number, error: string) =>
      db.updateTable('outbox').set({ error }).where('id', '=', id).execute(),

    pruneBefore: (before: Date) => db.deleteFrom('outbox').where('created_at', '<', before).execute(),
  };
}
