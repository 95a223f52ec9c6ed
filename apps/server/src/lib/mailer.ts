import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { codes } from '@plugboard/contract';
import type { Db } from '../db/client.ts';
import { AppError } from './app-error.ts';
import { outboxRepository } from './outbox.repository.ts';

/**
 * `secret` (a verification code) is masked in the outbox, so that codes are never stored in clear. `retry`: the
 * message is worth resending until it goes out (the charging report); a message with a secret never is.
 */
export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  secret?: string;
  retry?: boolean;
  /** Files sent with the message (an invoice's PDF and XML); kept in the outbox so that a retry sends them too. */
  attachments?: MailAttachment[];
};
export type MailAttachment = { filename: string; contentType: string; content: Buffer };
export type Mailer = {
  send: (message: MailMessage) => Promise<void>;
  /**
   * Records the message in the outbox within the caller's transaction, with whatever decided it is due (a claimed
   * event); `deliver` sends it once that has committed (unless another node's retry has it).
   */
  record: (trx: Db, message: MailMessage) => Promise<{ deliver: () => Promise<void> }>;
  /** Sends the messages to retry that are due, once; the number sent. */
  retryDue: () => Promise<number>;
  /** Runs `retryDue` now and every 30 seconds, until `close`. */
  startRetries: () => void;
  /** Stops the retries and waits for the sends under way. */
  close: () => Promise<void>;
};

type Options = {
  db: Db;
  /** smtp(s)://user:password@host:port; without it nothing is sent and the log shows the message instead. */
  smtpUrl: string | undefined;
  from: string;
  log: Pick<FastifyBaseLogger, 'info' | 'error'>;
  now: () => Date;
};

const minute = 60 * 1000;
// The outbox keeps a week of messages (codes masked) for support questions; older ones are not retried either.
const outboxKeepMs = 7 * 24 * 60 * minute;
// A node's claim on a message outlasts a send (the transport's timeouts add up to 40 s): past it, another may send.
const claimMs = 5 * minute;
const retryEveryMs = 30 * 1000;
const retryBatch = 10;
// A failed try waits 1, 2, 4 ... 60 minutes before the next; 12 tries span about 7 hours.
const maxAttempts = 12;
const backoffMs = (attempts: number) => Math.min(minute * 2 ** Math.max(0, attempts - 1), 60 * minute);

/**
 * Sends mail over SMTP and records every message in the `outbox` table (with when it was sent, or why not). A node
 * claims a row before sending it, so a message goes out once however many nodes try; one to retry that failed, or
 * whose node died before sending, is sent by the retry job of any node. Without SMTP the log is the delivery and
 * the only way a local operator can read a verification code, so only then does the log line carry the text.
 */
export function createMailer({ db, smtpUrl, from, log, now }: Options): Mailer {
  const outbox = outboxRepository(db);
  const transport = smtpUrl
    ? nodemailer.createTransport(
        { url: smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 },
        { from },
      )
    : undefined;
  const under = new Set<Promise<unknown>>();
  const track = <T>(work: Promise<T>): Promise<T> => {
    under.add(work);
    void work.then(
      () => under.delete(work),
      () => under.delete(work),
    );
    return work;
  };
  const later = (at: Date, ms: number) => new Date(at.getTime() + ms);

  /** Sends a message this node has claimed and notes the outcome in its outbox row. */
  const transmit = async (id: number, mail: Omit<MailMessage, 'secret'>, attempts: number) => {
    if (!transport) {
      log.info({ text: mail.text }, `mail to ${mail.to}: ${mail.subject} (not sent: no SMTP_URL)`);
      await outbox.markSent(id, now());
      return;
    }
    try {
      await transport.sendMail({
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        ...(mail.attachments && { attachments: mail.attachments }),
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      await outbox.markFailed(id, reason, later(now(), backoffMs(attempts)));
      log.error(`mail to ${mail.to} failed: ${reason}`);
      throw new AppError(codes.serverError, 'The e-mail could not be sent, try again later');
    }
    await outbox.markSent(id, now());
    log.info(`mail to ${mail.to}: ${mail.subject}`);
  };

  const deliver = async (id: number, message: MailMessage) => {
    const at = now();
    await outbox.pruneBefore(later(at, -outboxKeepMs));
    const claimed = await outbox.claim(id, at, later(at, claimMs));
    // Another node's retry has it (or has sent it).
    if (!claimed) return;
    await transmit(id, message, claimed.attempts);
  };

  const record: Mailer['record'] = async (trx, message) => {
    const { secret, retry = false, ...mail } = message;
    const recorded = secret ? mail.text.replaceAll(secret, '•'.repeat(secret.length)) : mail.text;
    const row = { ...mail, text: recorded, retry: retry && !secret, createdAt: now() };
    const { id } = await outboxRepository(trx).insert(row);
    return { deliver: () => track(deliver(id, message)) };
  };

  let closing = false;
  const retryDue = async () => {
    const at = now();
    const due = await outbox.claimDue({
      at,
      until: later(at, claimMs),
      since: later(at, -outboxKeepMs),
      maxAttempts,
      limit: retryBatch,
    });
    let sent = 0;
    for (const row of due) {
      // What is left stays claimed until its claim lapses; then any node sends it.
      if (closing) break;
      const mail = { to: row.to_email, subject: row.subject, text: row.text, attachments: row.attachments };
      sent += await transmit(row.id, mail, row.attempts).then(
        () => 1,
        () => 0,
      );
    }
    return sent;
  };

  let timer: NodeJS.Timeout | undefined;
  let pass: Promise<unknown> | undefined;
  const tick = () => {
    if (pass || closing) return;
    pass = track(retryDue())
      .catch((error: unknown) => log.error({ err: error }, 'mail retry failed'))
      .finally(() => (pass = undefined));
  };

  return {
    send: async (message) => (await record(db, message)).deliver(),
    record,
    retryDue: () => track(retryDue()),
    startRetries: () => {
      tick();
      timer = setInterval(tick, retryEveryMs);
      timer.unref();
    },
    close: async () => {
      closing = true;
      clearInterval(timer);
      await Promise.allSettled([...under]);
      transport?.close();
    },
  };
}
