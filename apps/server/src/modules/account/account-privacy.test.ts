import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../../test/helpers.ts';
import { startMailbox, type Mailbox } from '../../../test/smtp.ts';
import { aCode, anAccount, anEmail, aPassword, aRegistration } from './account.fixtures.ts';

let mailbox: Mailbox;
beforeAll(async () => {
  mailbox = await startMailbox();
});
afterAll(() => mailbox.close());

/** An app whose log lines (JSON, as in production) are kept in `lines`. */
async function loggedApp(options: { smtpUrl?: string; logLevel: 'debug' | 'info' }) {
  const lines: string[] = [];
  const t = await createTestApp({
    ...options,
    logStream: { write: (line: string) => void lines.push(line) },
  });
  return { t, log: () => lines.join('') };
}

describe('what the log may show', () => {
  it('never shows a token, a password or (with SMTP) a code, even at debug level', async () => {
    const { t, log } = await loggedApp({ smtpUrl: mailbox.url, logLevel: 'debug' });
    try {
      expect(t.app.log.level).toBe('debug');
      const registration = aRegistration();
      const code = await aCode(t, mailbox, registration.email, 'register');
      const registered = await call(t.app, '/cms-system/system/user/v2/register', { ...registration, code });
      const loggedIn = await call(t.app, '/cms-system/system/user/v2/login', {
        email: registration.email,
        password: aPassword,
      });
      const token = loggedIn.body.data.token;
      const newPassword = 'Another-2025';
      await call(
        t.app,
        '/cms-system/system/user/v2/pwd/update',
        { oldPassword: aPassword, newPassword, confirmPassword: newPassword },
        { token },
      );
      await call(t.app, '/cms-system/system/user/v2/logOut', {}, { token });

      const text = log();
      expect(text).toContain(`mail to ${registration.email}: Your Plugboard registration code`);
      for (const secret of [registered.body.data.token, token, aPassword, newPassword]) {
        expect(text).not.toContain(secret);
      }
      expect(text).not.toMatch(new RegExp(`\\b${code}\\b`));
    } finally {
      await t.close();
    }
  });

  it('shows the code mail in the log when no SMTP server is configured, and keeps it in the outbox', async () => {
    const { t, log } = await loggedApp({ logLevel: 'info' });
    try {
      const email = anEmail();
      const { body } = await call(t.app, '/cms-system/system/verify/code/send', {
        email,
        purpose: 'register',
      });
      expect(body.status).toBe(200);
      const line = log()
        .split('\n')
        .find((l) => l.includes(`mail to ${email}: Your Plugboard registration code`));
      expect(line).toMatch(/"text":".*\\n\\n {4}[0-9A-Z]{4}\\n/);
      const code = /\\n {4}([0-9A-Z]{4})\\n/.exec(line ?? '')?.[1] ?? 'no code';
      const outbox = await t.db.selectFrom('outbox').selectAll().execute();
      // The outbox records the message, but never the code in clear.
      expect(outbox[0]?.text).not.toContain(code);
      expect(outbox[0]?.text).toContain('••••');
      expect(outbox).toEqual([
        expect.objectContaining({
          to_email: email,
          subject: 'Your Plugboard registration code',
          // Without SMTP the log is the delivery.
          sent_at: expect.any(Date) as Date,
          retry: false,
        }),
      ]);
    } finally {
      await t.close();
    }
  });
});

describe('what the database keeps', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ smtpUrl: mailbox.url });
  });
  afterAll(() => t.close());

  it('keeps passwords only as argon2id hashes (19 MiB, 2 passes, 1 lane)', async () => {
    const { user } = await anAccount(t, mailbox);
    const row = await t.db
      .selectFrom('users')
      .selectAll()
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    for (const value of Object.values(row)) expect(String(value)).not.toContain(aPassword);
  });

  it('keeps verification codes only as hashes', async () => {
    const email = anEmail();
    const code = await aCode(t, mailbox, email, 'register');
    const rows = await t.db.selectFrom('verification_codes').selectAll().where('email', '=', email).execute();
    expect(rows).toHaveLength(1);
    for (const value of Object.values(rows[0]!)) {
      if (value instanceof Date) continue;
      if (Buffer.isBuffer(value)) {
        expect(value.includes(code)).toBe(false);
        expect(value).toHaveLength(32);
      } else {
        expect(String(value)).not.toContain(code);
      }
    }
  });
});
