import { sql } from 'kysely';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { codes } from '@plugboard/contract';
import { call, createTestApp, type TestApp } from '../../../test/helpers.ts';
import { startMailbox, type Mailbox } from '../../../test/smtp.ts';
import { dedicatedClient, type Trx } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import { authService } from '../auth/auth.service.ts';
import { revocationsChannel } from '../events/revocations.ts';
import { aCode, anAccount, anEmail, aPassword } from './account.fixtures.ts';
import { accountService } from './account.service.ts';

const update = '/cms-system/system/user/v2/update';
const detail = '/cms-system/system/user/v2/detail';
const login = '/cms-system/system/user/v2/login';

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

const dataUrl = (type: string, bytes: Buffer) => `data:${type};base64,${bytes.toString('base64')}`;
const aPicture = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#6366f1' } });

describe('changing account fields', () => {
  it('saves the fields sent, leaves the others, and answers the account', async () => {
    const { token, user } = await anAccount(t, mailbox, { name: 'Ada', vatNumber: 'NL001' });
    const { body } = await call(
      t.app,
      update,
      { companyName: '  Laadplein BV ', companyAddress: 'Dam 1', language: 'it_IT', vatNumber: '' },
      { token },
    );
    const expected = {
      ...user,
      companyName: 'Laadplein BV',
      companyAddress: 'Dam 1',
      language: 'it_IT',
      vatNumber: '',
    };
    expect(body).toEqual({ status: 200, msg: 'success', data: expected });
    expect((await call(t.app, detail, {}, { token })).body.data).toEqual(expected);
  });

  it('refuses an empty company name and a language it does not know (4129)', async () => {
    const { token } = await anAccount(t, mailbox);
    expect((await call(t.app, update, { companyName: ' ' }, { token })).body.status).toBe(4129);
    expect((await call(t.app, update, { language: 'xx_XX' }, { token })).body.status).toBe(4129);
  });
});

describe('the picture', () => {
  it.each([
    ['PNG', 'image/png', () => aPicture(800, 600).png().toBuffer()],
    ['JPEG', 'image/jpeg', () => aPicture(300, 900).jpeg().toBuffer()],
    ['WebP', 'image/webp', () => aPicture(100, 80).webp().toBuffer()],
  ])('stores a %s as WebP of at most 256 x 256', async (_label, type, make) => {
    const { token } = await anAccount(t, mailbox);
    const { body } = await call(t.app, update, { avatar: dataUrl(type, await make()) }, { token });
    expect(body.status).toBe(200);
    const avatar = body.data.avatar!;
    expect(avatar).toMatch(/^data:image\/webp;base64,/);
    const stored = await sharp(Buffer.from(avatar.split(',')[1]!, 'base64')).metadata();
    expect(stored.format).toBe('webp');
    expect(Math.max(stored.width, stored.height)).toBeLessThanOrEqual(256);
    expect((await call(t.app, detail, {}, { token })).body.data.avatar).toBe(avatar);
  });

  it('keeps the proportions and does not enlarge a small picture', async () => {
    const { token } = await anAccount(t, mailbox);
    const wide = await call(
      t.app,
      update,
      { avatar: dataUrl('image/png', await aPicture(1024, 512).png().toBuffer()) },
      { token },
    );
    const wideSize = await sharp(Buffer.from(wide.body.data.avatar!.split(',')[1]!, 'base64')).metadata();
    expect([wideSize.width, wideSize.height]).toEqual([256, 128]);
    const small = await call(
      t.app,
      update,
      { avatar: dataUrl('image/png', await aPicture(40, 30).png().toBuffer()) },
      { token },
    );
    const smallSize = await sharp(Buffer.from(small.body.data.avatar!.split(',')[1]!, 'base64')).metadata();
    expect([smallSize.width, smallSize.height]).toEqual([40, 30]);
  });

  it('removes the picture when sent null', async () => {
    const { token } = await anAccount(t, mailbox);
    await call(
      t.app,
      update,
      { avatar: dataUrl('image/png', await aPicture(10, 10).png().toBuffer()) },
      { token },
    );
    expect((await call(t.app, update, { avatar: null }, { token })).body.data.avatar).toBeNull();
    expect((await call(t.app, detail, {}, { token })).body.data.avatar).toBeNull();
  });

  it.each([
    [
      'text labelled as PNG',
      () => dataUrl('image/png', Buffer.from('hello, not a picture')),
      /PNG, JPEG or WebP/,
    ],
    ['a GIF', async () => dataUrl('image/gif', await aPicture(10, 10).gif().toBuffer()), /PNG, JPEG or WebP/],
    [
      'a GIF labelled as PNG',
      async () => dataUrl('image/png', await aPicture(10, 10).gif().toBuffer()),
      /PNG, JPEG or WebP/,
    ],
    [
      'an SVG',
      () => dataUrl('image/svg+xml', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>')),
      /PNG, JPEG or WebP/,
    ],
    ['not a data URL', () => 'https://example.com/me.png', /PNG, JPEG or WebP/],
    [
      'PNG bytes cut short',
      async () => dataUrl('image/png', (await aPicture(64, 64).png().toBuffer()).subarray(0, 40)),
      /could not be read/,
    ],
    [
      'over 2 MB decoded',
      () =>
        dataUrl(
          'image/png',
          Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(2 * 1024 * 1024)]),
        ),
      /at most 2 MB/,
    ],
  ])('refuses %s (4129) and keeps the picture it had', async (_label, make, message) => {
    const { token } = await anAccount(t, mailbox);
    const { http, body } = await call(t.app, update, { avatar: await make(), name: 'Changed' }, { token });
    expect(http).toBe(200);
    expect(body).toMatchObject({ status: 4129, msg: expect.stringMatching(message) as string, data: null });
    const after = (await call(t.app, detail, {}, { token })).body.data;
    expect(after).toMatchObject({ avatar: null, name: '' });
  });
});

describe('changing the e-mail', () => {
  it('moves the account to the new address with the code mailed there', async () => {
    const account = await anAccount(t, mailbox);
    const newEmail = anEmail('moved');
    const emailCode = await aCode(t, mailbox, newEmail, 'changeEmail', { token: account.token });
    const { body } = await call(t.app, update, { newEmail, emailCode }, { token: account.token });
    expect(body.data).toEqual({ ...account.user, email: newEmail });
    expect((await call(t.app, login, { email: newEmail, password: aPassword })).body.status).toBe(200);
    expect((await call(t.app, login, { email: account.email, password: aPassword })).body.status).toBe(4122);
  });

  it('refuses an address another account has (4133)', async () => {
    const account = await anAccount(t, mailbox);
    const other = await anAccount(t, mailbox);
    const { body } = await call(
      t.app,
      update,
      { newEmail: other.email, emailCode: 'AAAA' },
      { token: account.token },
    );
    expect(body.status).toBe(4133);
  });

  it('refuses a change without the code (4113), or with a wrong one (4113)', async () => {
    const account = await anAccount(t, mailbox);
    const newEmail = anEmail('moved');
    expect((await call(t.app, update, { newEmail }, { token: account.token })).body.status).toBe(4113);
    const code = await aCode(t, mailbox, newEmail, 'changeEmail', { token: account.token });
    const wrong = code === 'ZZZZ' ? 'YYYY' : 'ZZZZ';
    const { body } = await call(
      t.app,
      update,
      { newEmail, emailCode: wrong, name: 'Changed' },
      { token: account.token },
    );
    expect(body.status).toBe(4113);
    expect((await call(t.app, detail, {}, { token: account.token })).body.data).toEqual(account.user);
  });

  it('refuses a code that another account asked for (4113)', async () => {
    const asker = await anAccount(t, mailbox);
    const other = await anAccount(t, mailbox);
    const newEmail = anEmail('wanted');
    const code = await aCode(t, mailbox, newEmail, 'changeEmail', { token: asker.token });
    const { body } = await call(t.app, update, { newEmail, emailCode: code }, { token: other.token });
    expect(body.status).toBe(4113);
  });

  it('takes the same address in another case as no change', async () => {
    const account = await anAccount(t, mailbox);
    const { body } = await call(
      t.app,
      update,
      { newEmail: account.email.toUpperCase(), name: 'Ada' },
      { token: account.token },
    );
    expect(body.data).toEqual({ ...account.user, name: 'Ada' });
  });
});

describe('announced with the change, in its transaction', () => {
  /**
   * What every node hears on the revocations channel about one user, in commit order. `heardSoFar` returns all
   * that committed before it was called (a marker sent then has arrived).
   */
  async function heardOf(userId: number) {
    const client = dedicatedClient(t.db);
    await client.connect();
    const heard: string[] = [];
    let markers = 0;
    client.on('notification', ({ payload }) => {
      const message = JSON.parse(payload ?? '{}') as { kind?: string; userId?: number };
      if (message.kind === 'user' && message.userId === userId) heard.push(payload ?? '');
      if (message.kind === `marker-${userId}`) markers += 1;
    });
    await client.query(`listen ${revocationsChannel}`);
    let sent = 0;
    const heardSoFar = async () => {
      sent += 1;
      const marker = JSON.stringify({ kind: `marker-${userId}` });
      await sql`select pg_notify(${revocationsChannel}, ${marker})`.execute(t.db);
      await vi.waitFor(() => expect(markers).toBe(sent));
      return [...heard];
    };
    return { heardSoFar, close: () => client.end() };
  }

  it('announces a committed change of e-mail or language, and nothing of one that rolls back', async () => {
    const account = await anAccount(t, mailbox);
    const auth = authService(t.db);
    const session = await auth.resolve(account.token);
    const listener = await heardOf(session.userId);
    try {
      // The code is taken by another request after the change was written: the transaction rolls back.
      const lateRefusal = {
        redeem: <T>(_input: unknown, work: (trx: Trx) => Promise<T>) =>
          t.db.transaction().execute(async (trx) => {
            await work(trx);
            throw new AppError(codes.invalidCode, 'This code has already been used: ask for a new one');
          }),
      };
      const rolledBack = accountService({ db: t.db, now: () => new Date(), auth, verifyCodes: lateRefusal });
      await expect(
        rolledBack.update(session, { newEmail: anEmail('never'), emailCode: 'AAAA', language: 'fr_FR' }),
      ).rejects.toMatchObject({ code: codes.invalidCode });
      expect((await call(t.app, detail, {}, { token: account.token })).body.data).toEqual(account.user);

      // A change that commits is heard; notifications come in commit order, so nothing was heard before it.
      const { body } = await call(t.app, update, { language: 'de_DE' }, { token: account.token });
      expect(body.data).toMatchObject({ language: 'de_DE' });
      expect(await listener.heardSoFar()).toHaveLength(1);
      const newEmail = anEmail('moved');
      const emailCode = await aCode(t, mailbox, newEmail, 'changeEmail', { token: account.token });
      await call(t.app, update, { newEmail, emailCode }, { token: account.token });
      expect(await listener.heardSoFar()).toHaveLength(2);
    } finally {
      await listener.close();
    }
  });
});
