import { sql } from 'kysely';
import type { Db } from '../db/client.ts';
import type { MailAttachment } from './mailer.ts';

/** A message a node has claimed and is to send. */
export type ClaimedMail = {
  id: number;
  to_email: string;
  subject: string;
  text: string;
  attempts: number;
  attachments?: MailAttachment[] | undefined;
};
type StoredAttachment = { filename: string; contentType: string; content: string };
const stored = (attachments: MailAttachment[] | undefined) =>
  attachments?.length
    ? JSON.stringify(attachments.map((a) => ({ ...a, content: a.content.toString('base64') })))
    : null;
const fromStored = (rows: (Omit<ClaimedMail, 'attachments'> & { attachments: unknown })[]): ClaimedMail[] =>
  rows.map(({ attachments, ...row }) => ({
    ...row,
    attachments: (attachments as StoredAttachment[] | null)?.map((a) => ({
      ...a,
      content: Buffer.from(a.content, 'base64'),
    })),
  }));

export function outboxRepository(db: Db) {
  return {
    insert: (row: {
      to: string;
      subject: string;
      text: string;
      retry: boolean;
      createdAt: Date;
      attachments?: MailAttachment[] | undefined;
    }) =>
      db
        .insertInto('outbox')
        .values({
          to_email: row.to,
          subject: row.subject,
          text: row.text,
          retry: row.retry,
          created_at: row.createdAt,
          attachments: stored(row.attachments),
        })
        .returning('id')
        .executeTakeFirstOrThrow(),

    /**
     * Claims an unsent message until `until`, unless another node holds it (or its next try is not due): only the
     * claimer sends. Undefined when it is not to be sent from here.
     */
    claim: (id: number, at: Date, until: Date): Promise<ClaimedMail | undefined> =>
      db
        .updateTable('outbox')
        .set((eb) => ({ claimed_until: until, attempts: eb('attempts', '+', 1) }))
        .where('id', '=', id)
        .where('sent_at', 'is', null)
        .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', at)]))
        .returning(['id', 'to_email', 'subject', 'text', 'attempts'])
        .executeTakeFirst(),

    /**
     * Claims until `until` the oldest messages to retry that are due (unsent, not claimed, next try passed),
     * recorded after `since`, tried fewer than `maxAttempts` times; rows another node is claiming are skipped.
     */
    claimDue: async (o: {
      at: Date;
      until: Date;
      since: Date;
      maxAttempts: number;
      limit: number;
    }): Promise<ClaimedMail[]> => {
      const result = await sql<Omit<ClaimedMail, 'attachments'> & { attachments: unknown }>`
        update outbox set claimed_until = ${o.until}, attempts = attempts + 1
        where id in (
          select id from outbox
          where sent_at is null and retry and (claimed_until is null or claimed_until < ${o.at})
            and created_at >= ${o.since} and attempts < ${o.maxAttempts}
          order by created_at, id
          limit ${o.limit}
          for update skip locked)
        returning id, to_email, subject, text, attempts, attachments`.execute(db);
      return fromStored(result.rows).sort((a, b) => a.id - b.id);
    },

    markSent: (id: number, at: Date) =>
      db.updateTable('outbox').set({ sent_at: at, claimed_until: null }).where('id', '=', id).execute(),

    /** Notes why it failed; `retryAt` is when the next try is due (for a message to retry). */
    markFailed: (id: number, error: string, retryAt: Date) =>
      db.updateTable('outbox').set({ error, claimed_until: retryAt }).where('id', '=', id).execute(),

    pruneBefore: (before: Date) => db.deleteFrom('outbox').where('created_at', '<', before).execute(),
  };
}
