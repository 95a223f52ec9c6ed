import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, consoleHeaders, createTestApp, type TestApp } from '../../../test/helpers.ts';
import { startMailbox, type Mailbox } from '../../../test/smtp.ts';
import { aClientIp, aCode, anAccount, anEmail, aPassword } from './account.fixtures.ts';

const login = '/cms-system/system/user/v2/login';
const detail = '/cms-system/system/user/v2/detail';
const changePassword = '/cms-system/system/user/v2/pwd/update';
const resetPassword = '/cms-system/system/user/v2/pwd/reset';
const minute = 60_000;
const newPassword = 'Another-2025';

let t: TestApp;
let mailbox: Mailbox;
beforeAll(async () => {
  mailbox = await startMailbox();
  t = await createTestApp({ smtpUrl: mailbox.url });
});
afterAll(async () => {
  await t.close();
  await mailbox.close();
});

const logIn = (email: string, password: string, ip?: string) =>
  call(t.app, login, { email, password }, { ip }).then((r) => r.body);
const status = async (token: string) => (await call(t.app, detail, {}, { token })).body.status;

describe('changing the password', () => {
  it('sets the new password and ends every other session of the account', async () => {
    const account = await anAccount(t, mailbox);
    const other = (await logIn(account.email, aPassword)).data.token;
    const { body } = await call(
      t.app,
      changePassword,
      { oldPassword: aPassword, newPassword, confirmPassword: newPassword },
      { token: account.token },
    );
    expect(body).toEqual({ status: 200, msg: 'success', data: null });
    expect(await status(account.token)).toBe(200);
    expect(await status(other)).toBe(5003);
    expect((await logIn(account.email, newPassword)).status).toBe(200);
    expect((await logIn(account.email, aPassword)).status).toBe(4122);
  });

  it('refuses a wrong current password (4129) and keeps the old one', async () => {
    const account = await anAccount(t, mailbox);
    const { body } = await call(
      t.app,
      changePassword,
      { oldPassword: 'Wrong-2024', newPassword, confirmPassword: newPassword },
      { token: account.token },
    );
    expect(body).toEqual({ status: 4129, msg: 'The current password is wrong', data: null });
    expect((await logIn(account.email, aPassword)).status).toBe(200);
  });

  it('refuses a confirmation that differs (4112) and a weak new password (4129)', async () => {
    const { token } = await anAccount(t, mailbox);
    const mismatch = { oldPassword: aPassword, newPassword, confirmPassword: `${newPassword}x` };
    expect((await call(t.app, changePassword, mismatch, { token })).body.status).toBe(4112);
    const weak = { oldPassword: aPassword, newPassword: 'password', confirmPassword: 'password' };
    expect((await call(t.app, changePassword, weak, { token })).body.status).toBe(4129);
  });
});

describe('resetting a forgotten password', () => {
  it('sets the new password with the code mailed, and ends every session of the account', async () => {
    const account = await anAccount(t, mailbox);
    t.clock.advance(61_000);
    const code = await aCode(t, mailbox, account.email, 'forgot');
    const body = { email: account.email, code, password: newPassword, confirmPassword: newPassword };
    expect((await call(t.app, resetPassword, body)).body).toEqual({
      status: 200,
      msg: 'success',
      data: null,
    });
    expect(await status(account.token)).toBe(5003);
    expect((await logIn(account.email, newPassword)).status).toBe(200);
    expect((await logIn(account.email, aPassword)).status).toBe(4122);
  });

  it('uses a code once (4113 the second time)', async () => {
    const account = await anAccount(t, mailbox);
    t.clock.advance(61_000);
    const code = await aCode(t, mailbox, account.email, 'forgot');
    const body = { email: account.email, code, password: newPassword, confirmPassword: newPassword };
    expect((await call(t.app, resetPassword, body)).body.status).toBe(200);
    const again = { ...body, password: 'Third-2026', confirmPassword: 'Third-2026' };
    expect((await call(t.app, resetPassword, again)).body.status).toBe(4113);
    expect((await logIn(account.email, newPassword)).status).toBe(200);
  });

  it('refuses an unknown e-mail (4118), a wrong code (4113) and a differing confirmation (4112)', async () => {
    const account = await anAccount(t, mailbox);
    t.clock.advance(61_000);
    const code = await aCode(t, mailbox, account.email, 'forgot');
    const body = { email: account.email, code, password: newPassword, confirmPassword: newPassword };
    expect((await call(t.app, resetPassword, { ...body, email: anEmail() })).body.status).toBe(4118);
    expect(
      (await call(t.app, resetPassword, { ...body, code: code === 'ZZZZ' ? 'YYYY' : 'ZZZZ' })).body.status,
    ).toBe(4113);
    expect((await call(t.app, resetPassword, { ...body, confirmPassword: aPassword })).body.status).toBe(
      4112,
    );
    expect((await call(t.app, resetPassword, body)).body.status).toBe(200);
  });
});

describe('a new password and the end of the sessions, in one transaction', () => {
  /** Ending the sessions of `userId` fails in the database (a lost connection, a full disk) until undone. */
  async function sessionsThatWillNotEnd(userId: number) {
    const name = `refuse_revoke_${userId}`;
    await sql
      .raw(
        `create function ${name}() returns trigger language plpgsql as $$
         begin if new.user_id = ${userId} and new.revoked_at is not null then raise exception 'disk full'; end if;
         return new; end $$;
         create trigger ${name} before update on user_sessions for each row execute function ${name}()`,
      )
      .execute(t.db);
    return () => sql.raw(`drop trigger ${name} on user_sessions; drop function ${name}()`).execute(t.db);
  }

  it('keeps the old password when the sessions cannot be ended (change and reset)', async () => {
    const account = await anAccount(t, mailbox);
    const other = (await logIn(account.email, aPassword)).data.token;
    const undo = await sessionsThatWillNotEnd(account.user.id);
    try {
      const changed = await call(
        t.app,
        changePassword,
        { oldPassword: aPassword, newPassword, confirmPassword: newPassword },
        { token: account.token },
      );
      expect(changed.body.status).not.toBe(200);
      t.clock.advance(61_000);
      const code = await aCode(t, mailbox, account.email, 'forgot');
      const reset = { email: account.email, code, password: newPassword, confirmPassword: newPassword };
      expect((await call(t.app, resetPassword, reset)).body.status).not.toBe(200);
    } finally {
      await undo();
    }
    expect((await logIn(account.email, newPassword)).status).toBe(4122);
    expect((await logIn(account.email, aPassword)).status).toBe(200);
    expect(await status(other)).toBe(200);
  });
});

describe('too many failed logins', () => {
  const timed = async <T>(work: Promise<T>) => {
    const started = performance.now();
    const result = await work;
    return { result, ms: performance.now() - started };
  };

  it('refuses an (e-mail, client) for 15 minutes after 10 failures, even with the right password', async () => {
    const { email } = await anAccount(t, mailbox);
    const ip = aClientIp();
    for (let i = 0; i < 10; i++) expect((await logIn(email, `Wrong-${i}-x`, ip)).status).toBe(4122);
    t.clock.advance(5 * minute);
    const refused = await logIn(email, aPassword, ip);
    expect(refused).toEqual({ status: 4129, msg: 'Too many attempts, try again in 10 minutes', data: null });
    t.clock.advance(10 * minute + 1000);
    expect((await logIn(email, aPassword, ip)).status).toBe(200);
  });

  it('lets the owner in from another address while the e-mail is being guessed, slowed down', async () => {
    const { email } = await anAccount(t, mailbox);
    for (let i = 0; i < 10; i++) expect((await logIn(email, `Wrong-${i}-x`, aClientIp())).status).toBe(4122);
    const owner = await timed(logIn(email, aPassword, aClientIp()));
    expect(owner.result.status).toBe(200);
    expect(owner.ms).toBeGreaterThanOrEqual(900);
    // A wrong password waits as long: the wait tells a guesser nothing.
    const guess = await timed(logIn(email, 'Wrong-again-1', aClientIp()));
    expect(guess.result.status).toBe(4122);
    expect(guess.ms).toBeGreaterThanOrEqual(900);
  });

  it('forgets the failures of an (e-mail, client) once its owner logs in from there', async () => {
    const { email } = await anAccount(t, mailbox);
    for (let i = 0; i < 9; i++) await logIn(email, `Wrong-${i}-x`);
    expect((await logIn(email, aPassword)).status).toBe(200);
    for (let i = 0; i < 9; i++) await logIn(email, `Wrong-${i}-x`);
    expect((await logIn(email, aPassword)).status).toBe(200);
  });

  it('slows a client down after 50 failures in 15 minutes, and lets the right password in', async () => {
    const { email } = await anAccount(t, mailbox);
    const ip = aClientIp();
    for (let i = 0; i < 50; i++) await logIn(anEmail(), 'Wrong-pass-1', ip);
    const slowed = await timed(logIn(email, aPassword, ip));
    expect(slowed.result.status).toBe(200);
    expect(slowed.ms).toBeGreaterThanOrEqual(900);
    expect((await timed(logIn(email, aPassword, aClientIp()))).ms).toBeLessThan(900);
  });

  it('counts a client under its own address whatever X-Forwarded-For it sends', async () => {
    const { email } = await anAccount(t, mailbox);
    const ip = aClientIp();
    for (let i = 0; i < 10; i++) {
      await t.app.inject({
        method: 'POST',
        url: login,
        remoteAddress: ip,
        headers: {
          ...consoleHeaders(login, '', t.clock.now().getTime()),
          'content-type': 'application/json',
          'x-forwarded-for': aClientIp(),
        },
        payload: { email, password: 'Wrong-pass-1' },
      });
    }
    expect((await logIn(email, aPassword, ip)).status).toBe(4129);
  });

  it('counts wrong current passwords too', async () => {
    const account = await anAccount(t, mailbox);
    const attempt = (oldPassword: string) =>
      call(
        t.app,
        changePassword,
        { oldPassword, newPassword, confirmPassword: newPassword },
        { token: account.token },
      );
    for (let i = 0; i < 10; i++) await attempt(`Wrong-${i}-x`);
    expect((await attempt(aPassword)).body.msg).toMatch(/^Too many attempts/);
  });
});
