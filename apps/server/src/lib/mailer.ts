import nodemailer from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import { codes } from '@plugboard/contract';
import type { Db } from '../db/client.ts';
import { AppError } from './app-error.ts';
import { outboxRepository } from './outbox.repository.ts';

/** `secret` (a verification code) is masked in the outbox, so that codes are never stored in clear. */
export type MailMessage = { to: string; subject: string; text: string; secret?: string };
export type Mailer = {
  send: (message: MailMessage) => Promise<void>;
  /**
   * Records the message in the outbox within the caller's transaction, with whatever decided it is due (a claimed
   * event); `deliver` sends it once that has committed.
   */
  record: (trx: Db, message: MailMessage) => Promise<{ deliver: () => Promise<void> }>;
  close: () => void;
};

type Options = {
  db: Db;
  /** smtp(s)://user:password@host:port; without it nothing is sent and the log shows the message instead. */
  smtpUrl: string | undefined;
  from: string;
  log: Pick<FastifyBaseLogger, 'info' | 'error'>;
  now: () => Date;
};

// The outbox keeps a week of messages (codes masked) for support questions.
const outboxKeepMs = 7 * 24 * 3600 * 1000;

/**
 * Sends mail over SMTP and records every message in the `outbox` table (with when it was sent, or why not).
 * Without SMTP the log is the only way a local operator can read a verification code, so only then does the log
 * line carry the message text; with SMTP it names the address and the subject only.
 */
export function createMailer({ db, smtpUrl, from, log, now }: Options): Mailer {
  const outbox = outboxRepository(db);
  const transport = smtpUrl
    ? nodemailer.createTransport(
        { url: smtpUrl, connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 },
        { from },
      )
    : undefined;

  const record: Mailer['record'] = async (trx, message) => {
    const at = now();
    const { secret, ...mail } = message;
    const recorded = secret ? mail.text.replaceAll(secret, '•'.repeat(secret.length)) : mail.text;
    const { id } = await outboxRepository(trx).insert({ ...mail, text: recorded, createdAt: at });
    return { deliver: () => deliver(id, message, at) };
  };

  /** Sends a recorded message and notes the outcome in its outbox row. */
  const deliver = async (id: number, message: MailMessage, at: Date) => {
    await outbox.pruneBefore(new Date(at.getTime() - outboxKeepMs));
    if (!transport) {
      log.info({ text: message.text }, `mail to ${message.to}: ${message.subject} (not sent: no SMTP_URL)`);
      return;
    }
    try {
      await transport.sendMail({ to: message.to, subject: message.subject, text: message.text });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      await outbox.markFailed(id, reason);
      log.error(`mail to ${message.to} failed: ${reason}`);
      throw new AppError(codes.serverError, 'The e-mail could not be sent, try again later');
    }
    await outbox.markSent(id, now());
    log.info(`mail to ${message.to}: ${message.subject}`);
  };

  return {
    send: async (message) => (await record(db, message)).deliver(),
    record,
    close: () => transport?.close(),
  };
}
