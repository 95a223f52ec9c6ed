import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../../test/helpers.ts';
import { startMailbox, type Mailbox } from '../../../test/smtp.ts';
import { aCode, anAccount, anEmail, aPassword, aRegistration } from './account.fixtures.ts';

const register = '/cms-system/system/user/v2/register';
const login = '/cms-system/system/user/v2/login';
const logOut = '/cms-system/system/user/v2/logOut';
const detail = '/cms-system/system/user/v2/detail';
const day = 24 * 3600 * 1000;

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

describe('registering', () => {
  it('creates the account with the code mailed and answers a working session token', async () => {
    const registration = aRegistration({
      email: `  New.Operator-${Date.now()}@Example.com `,
      name: 'Ada',
      language: 'nl_NL',
    });
    const code = await aCode(t, mailbox, registration.email.trim(), 'register');
    const { http, body } = await call(t.app, register, { ...registration, code });
    expect(http).toBe(200);
    const user = {
      id: expect.any(Number) as number,
      email: registration.email.trim(),
      name: 'Ada',
      companyName: 'Laadpunt BV',
      companyAddress: 'Kade 1, 1011 AA Amsterdam',
      vatNumber: '',
      language: 'nl_NL',
      avatar: null,
    };
    expect(body).toEqual({
      status: 200,
      msg: 'success',
      data: { token: expect.any(String) as string, user },
    });
    const me = await call(t.app, detail, {}, { token: body.data.token });
    expect(me.body.data).toEqual(user);
  });

  it('refuses a confirmation that differs from the password (4112)', async () => {
    const { body } = await call(t.app, register, aRegistration({ confirmPassword: 'Charge-2025' }));
    expect(body).toMatchObject({ status: 4112, msg: 'Passwords do not match' });
  });

  it.each([
    ['shorter than 8 characters', 'Ab1!xyz'],
    ['letters only', 'abcdefghij'],
    ['digits only', '1234567890'],
    ['symbols and spaces only', '!!!!  ????'],
    ['longer than 128 characters', 'a1'.repeat(65)],
  ])('refuses a password of %s (4129, HTTP 400)', async (_label, password) => {
    const { http, body } = await call(
      t.app,
      register,
      aRegistration({ password, confirmPassword: password }),
    );
    expect(http).toBe(400);
    expect(body.status).toBe(4129);
    expect(body.msg).toMatch(/password/);
  });

  it('refuses a registration without the legal terms ticked', async () => {
    const { http, body } = await call(t.app, register, aRegistration({ agreeTerms: false }));
    expect(http).toBe(400);
    expect(body.msg).toMatch(/agreeTerms/);
  });

  it('refuses an invalid e-mail address', async () => {
    const { http, body } = await call(t.app, register, aRegistration({ email: 'not-an-address' }));
    expect(http).toBe(400);
    expect(body.msg).toMatch(/email/);
  });

  it('refuses an e-mail already registered, whatever its case and spaces (4133)', async () => {
    const { email } = await anAccount(t, mailbox);
    const { body } = await call(t.app, register, aRegistration({ email: ` ${email.toUpperCase()} ` }));
    expect(body).toMatchObject({ status: 4133, msg: 'Account already exist' });
  });

  it('refuses a wrong code (4113) and a code never sent (4113)', async () => {
    const registration = aRegistration();
    const code = await aCode(t, mailbox, registration.email, 'register');
    const wrong = code === 'ZZZZ' ? 'YYYY' : 'ZZZZ';
    expect((await call(t.app, register, { ...registration, code: wrong })).body.status).toBe(4113);
    expect((await call(t.app, register, aRegistration({ code: 'ABCD' }))).body.status).toBe(4113);
  });
});

describe('logging in', () => {
  it('answers a new session token on each login, and the user', async () => {
    const account = await anAccount(t, mailbox);
    const first = await call(t.app, login, { email: account.email, password: aPassword });
    const second = await call(t.app, login, {
      email: ` ${account.email.toUpperCase()}`,
      password: aPassword,
    });
    expect(first.body.data.user).toEqual(account.user);
    expect(new Set([account.token, first.body.data.token, second.body.data.token]).size).toBe(3);
    expect((await call(t.app, detail, {}, { token: second.body.data.token })).body.status).toBe(200);
  });

  it('answers a wrong password and an unknown e-mail alike (4122)', async () => {
    const { email } = await anAccount(t, mailbox);
    const wrongPassword = await call(t.app, login, { email, password: 'Wrong-2024' });
    const unknownEmail = await call(t.app, login, { email: anEmail(), password: aPassword });
    expect(wrongPassword).toEqual({
      http: 200,
      body: { status: 4122, msg: 'Email does not exist or wrong password', data: null },
    });
    expect(unknownEmail).toEqual(wrongPassword);
  });
});

describe('sessions', () => {
  it('ends the session on logOut: its token then answers 5003 with HTTP 401', async () => {
    const { token } = await anAccount(t, mailbox);
    expect((await call(t.app, logOut, {}, { token })).body).toEqual({
      status: 200,
      msg: 'success',
      data: null,
    });
    const after = await call(t.app, detail, {}, { token });
    expect(after.http).toBe(401);
    expect(after.body.status).toBe(5003);
  });

  it('refuses account calls without a token or with an unknown one (5003)', async () => {
    expect((await call(t.app, detail, {})).body.status).toBe(5003);
    expect((await call(t.app, detail, {}, { token: 'x'.repeat(43) })).body.status).toBe(5003);
  });

  it('expires a session unused for 7 days (5008)', async () => {
    const { token } = await anAccount(t, mailbox);
    t.clock.advance(6 * day);
    expect((await call(t.app, detail, {}, { token })).body.status).toBe(200);
    t.clock.advance(7 * day + 60_000);
    const after = await call(t.app, detail, {}, { token });
    expect(after.http).toBe(401);
    expect(after.body.status).toBe(5008);
  });

  it('expires a session 30 days after login, however often it is used (5008)', async () => {
    const { token } = await anAccount(t, mailbox);
    for (let days = 0; days < 30; days += 5) {
      expect((await call(t.app, detail, {}, { token })).body.status).toBe(200);
      t.clock.advance(5 * day);
    }
    expect((await call(t.app, detail, {}, { token })).body.status).toBe(5008);
  });

  it('accepts the stationId the console adds to the detail call', async () => {
    const { token, user } = await anAccount(t, mailbox);
    expect((await call(t.app, detail, { stationId: 12 }, { token })).body.data).toEqual(user);
  });
});
