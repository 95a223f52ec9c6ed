import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../../test/helpers.ts';
import { startMailbox, type Mailbox } from '../../../test/smtp.ts';
import { aClientIp, aCode, anAccount, anEmail } from '../account/account.fixtures.ts';

const send = '/cms-system/system/verify/code/send';
const check = '/cms-system/system/verify/code/check';
const minute = 60_000;

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

const sendCode = (email: string, purpose = 'register', options: { ip?: string; token?: string } = {}) =>
  call(t.app, send, { email, purpose }, { ip: aClientIp(), ...options }).then((r) => r.body);
const checkCode = (email: string, code: string, purpose = 'register') =>
  call(t.app, check, { email, code, purpose }).then((r) => r.body);

describe('sending a code', () => {
  it('mails 4 upper-case letters or digits to the address, in English by default', async () => {
    const email = anEmail();
    expect(await sendCode(email)).toEqual({ status: 200, msg: 'success', data: null });
    const mail = mailbox.lastTo(email);
    expect(mail.subject).toBe('Your Plugboard registration code');
    expect(mailbox.codeFor(email)).toMatch(/^[0-9A-Z]{4}$/);
    expect(mail.text).toContain('10 minutes');
  });

  it('writes the mail in the language asked for', async () => {
    const email = anEmail();
    await aCode(t, mailbox, email, 'register', { language: 'de_DE' });
    expect(mailbox.lastTo(email).subject).toBe('Ihr Plugboard-Registrierungscode');
  });

  it("writes a forgotten-password mail in the account's language", async () => {
    const { email } = await anAccount(t, mailbox, { language: 'fr_FR' });
    t.clock.advance(61_000); // one code a minute per e-mail, whatever its purpose
    await aCode(t, mailbox, email, 'forgot');
    expect(mailbox.lastTo(email).subject).toBe('Réinitialisez votre mot de passe Plugboard');
  });

  it('refuses a register code for an e-mail already registered (4133), in any case', async () => {
    const { email } = await anAccount(t, mailbox);
    expect(await sendCode(email.toUpperCase())).toMatchObject({ status: 4133 });
  });

  it('refuses a forgotten-password code for an unknown e-mail (4118)', async () => {
    expect(await sendCode(anEmail(), 'forgot')).toMatchObject({ status: 4118 });
  });

  it('needs a session for a change-of-e-mail code', async () => {
    const { http, body } = await call(t.app, send, { email: anEmail(), purpose: 'changeEmail' });
    expect(http).toBe(401);
    expect(body.status).toBe(5003);
  });

  it('refuses a change-of-e-mail code for an address another account has (4133)', async () => {
    const { token } = await anAccount(t, mailbox);
    const other = await anAccount(t, mailbox);
    expect(await sendCode(other.email, 'changeEmail', { token })).toMatchObject({ status: 4133 });
  });

  it('refuses another code for the same e-mail within a minute (4105)', async () => {
    const email = anEmail();
    await sendCode(email);
    expect(await sendCode(email, 'register')).toMatchObject({ status: 4105 });
    t.clock.advance(61_000);
    expect(await sendCode(email)).toMatchObject({ status: 200 });
  });

  it('refuses a sixth code for the same e-mail within an hour (4105)', async () => {
    const email = anEmail();
    for (let i = 0; i < 5; i++) {
      expect(await sendCode(email)).toMatchObject({ status: 200 });
      t.clock.advance(2 * minute);
    }
    expect(await sendCode(email)).toMatchObject({ status: 4105, msg: 'Verification code limit reached' });
    t.clock.advance(52 * minute);
    expect(await sendCode(email)).toMatchObject({ status: 200 });
  });

  it('refuses a client that has asked for codes to 30 addresses within an hour (4105)', async () => {
    const ip = aClientIp();
    for (let i = 0; i < 30; i++)
      expect(await sendCode(anEmail(), 'register', { ip })).toMatchObject({ status: 200 });
    expect(await sendCode(anEmail(), 'register', { ip })).toMatchObject({ status: 4105 });
  });

  it('stores no code when the mail could not be sent, and says so', async () => {
    const closed = await startMailbox();
    await closed.close();
    const offline = await createTestApp({ smtpUrl: closed.url });
    try {
      const email = anEmail();
      const first = await call(offline.app, send, { email, purpose: 'register' });
      expect(first.body).toMatchObject({ status: 500 });
      expect(first.body.msg).toMatch(/could not be sent/);
      const outbox = await offline.db.selectFrom('outbox').selectAll().execute();
      expect(outbox).toEqual([
        expect.objectContaining({ to_email: email, sent_at: null, error: expect.any(String) as string }),
      ]);
      expect(await offline.db.selectFrom('verification_codes').selectAll().execute()).toEqual([]);
    } finally {
      await offline.close();
    }
  });
});

describe('checking a code', () => {
  it('accepts the code mailed, in any letter case, without using it up', async () => {
    const email = anEmail();
    const code = await aCode(t, mailbox, email, 'register');
    expect(await checkCode(email, code)).toEqual({ status: 200, msg: 'success', data: null });
    expect(await checkCode(email.toUpperCase(), code.toLowerCase())).toMatchObject({ status: 200 });
  });

  it('refuses a wrong code (4113)', async () => {
    const email = anEmail();
    const code = await aCode(t, mailbox, email, 'register');
    expect(await checkCode(email, code === 'ZZZZ' ? 'YYYY' : 'ZZZZ')).toMatchObject({ status: 4113 });
  });

  it('refuses a code of another purpose (4113)', async () => {
    const email = anEmail();
    const code = await aCode(t, mailbox, email, 'register');
    expect(await checkCode(email, code, 'forgot')).toMatchObject({ status: 4113 });
  });

  it('refuses a code older than the newest one (4106)', async () => {
    const email = anEmail();
    const first = await aCode(t, mailbox, email, 'register');
    t.clock.advance(61_000);
    const second = await aCode(t, mailbox, email, 'register');
    if (first === second) return; // one chance in 920,000
    expect(await checkCode(email, first)).toMatchObject({ status: 4106 });
    expect(await checkCode(email, second)).toMatchObject({ status: 200 });
  });

  it('refuses a code superseded more than five codes ago with 4106, not as a wrong guess (4113)', async () => {
    const email = anEmail();
    const codes: string[] = [];
    for (let i = 0; i < 6; i++) {
      codes.push(await aCode(t, mailbox, email, 'register'));
      t.clock.advance(i === 4 ? 61 * minute : 61_000); // five an hour at most
    }
    if (codes.slice(1).includes(codes[0]!)) return; // a repeated code: one chance in about 180,000
    expect(await checkCode(email, codes[0]!)).toMatchObject({ status: 4106 });
  });

  it('refuses a code after 10 minutes (4106)', async () => {
    const email = anEmail();
    const code = await aCode(t, mailbox, email, 'register');
    t.clock.advance(9 * minute);
    expect(await checkCode(email, code)).toMatchObject({ status: 200 });
    t.clock.advance(minute + 1000);
    expect(await checkCode(email, code)).toMatchObject({ status: 4106 });
  });

  it('locks the e-mail and purpose for 10 minutes after five wrong codes (4107)', async () => {
    const email = anEmail();
    const code = await aCode(t, mailbox, email, 'register');
    const wrong = code === 'ZZZZ' ? 'YYYY' : 'ZZZZ';
    for (let i = 0; i < 4; i++) expect(await checkCode(email, wrong)).toMatchObject({ status: 4113 });
    expect(await checkCode(email, wrong)).toMatchObject({ status: 4107 });
    expect(await checkCode(email, code)).toMatchObject({ status: 4107 });
    expect(await sendCode(email)).toMatchObject({ status: 4107 });

    t.clock.advance(10 * minute + 1000);
    const fresh = await aCode(t, mailbox, email, 'register');
    expect(await checkCode(email, fresh)).toMatchObject({ status: 200 });
  });

  it('counts wrong codes within 10 minutes only', async () => {
    const email = anEmail();
    const code = await aCode(t, mailbox, email, 'register');
    const wrong = code === 'ZZZZ' ? 'YYYY' : 'ZZZZ';
    for (let i = 0; i < 4; i++) await checkCode(email, wrong);
    t.clock.advance(5 * minute);
    expect(await checkCode(email, wrong)).toMatchObject({ status: 4107 });
    const other = anEmail();
    const otherCode = await aCode(t, mailbox, other, 'register');
    const otherWrong = otherCode === 'ZZZZ' ? 'YYYY' : 'ZZZZ';
    for (let i = 0; i < 4; i++) await checkCode(other, otherWrong);
    t.clock.advance(10 * minute + 1000);
    expect(await checkCode(other, otherWrong)).toMatchObject({ status: 4113 });
  });
});
