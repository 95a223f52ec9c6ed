import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../../test/helpers.ts';
import { startMailbox, type Mailbox } from '../../../test/smtp.ts';
import { aSite } from '../sites/sites.fixtures.ts';
import { aClientIp, aCode, anAccount, anEmail, aPassword, type Operator } from './account.fixtures.ts';

const remove = '/cms-system/system/user/v2/delete';
const login = '/cms-system/system/user/v2/login';
const detail = '/cms-system/system/user/v2/detail';

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

/**
 * Rows that refer to an account, in every table there is (tables added later included): a `user_id` column equal
 * to its id, or an e-mail column (`email`, `*_email`) equal to its address in any case.
 */
async function rowsReferringTo(userId: number, email: string): Promise<Record<string, number>> {
  const columns = await sql<{ table_name: string; column_name: string }>`
    select table_name, column_name from information_schema.columns
    where table_schema = 'public' and table_name <> 'schema_migrations'
      and (column_name = 'user_id' or column_name = 'email' or column_name like '%\\_email')`.execute(t.db);
  const counts: Record<string, number> = {};
  for (const { table_name: table, column_name: column } of columns.rows) {
    const condition =
      column === 'user_id'
        ? sql`${sql.ref(column)} = ${userId}`
        : sql`lower(${sql.ref(column)}) = lower(${email})`;
    const { rows } = await sql<{
      n: number;
    }>`select count(*)::int as n from ${sql.table(table)} where ${condition}`.execute(t.db);
    const n = rows[0]?.n ?? 0;
    if (n > 0) counts[table] = (counts[table] ?? 0) + n;
  }
  return counts;
}

/** An account with something in every kind of table: sessions, a site, codes, wrong codes, failed logins, mail. */
async function aBusyAccount(): Promise<Operator> {
  const account = await anAccount(t, mailbox);
  await call(t.app, login, { email: account.email, password: aPassword });
  await call(t.app, login, { email: account.email, password: 'Wrong-2024' });
  expect(
    (await call(t.app, '/cms-system/system/station/v2/add', aSite(), { token: account.token })).body.status,
  ).toBe(200);
  t.clock.advance(61_000);
  await aCode(t, mailbox, account.email, 'forgot');
  await call(t.app, '/cms-system/system/verify/code/check', {
    email: account.email,
    code: '0000',
    purpose: 'forgot',
  });
  await aCode(t, mailbox, anEmail('new-address'), 'changeEmail', { token: account.token });
  return account;
}

describe('deleting the account', () => {
  it('removes every row that refers to it, in every table, and nothing of other accounts', async () => {
    const account = await aBusyAccount();
    const bystander = await aBusyAccount();
    const before = await rowsReferringTo(account.user.id, account.email);
    expect(Object.keys(before).sort()).toEqual(
      expect.arrayContaining([
        'login_failures',
        'outbox',
        'sites',
        'user_sessions',
        'users',
        'verification_codes',
        'verification_failures',
      ]),
    );
    const bystanderBefore = await rowsReferringTo(bystander.user.id, bystander.email);

    const { body } = await call(t.app, remove, {}, { token: account.token, ip: aClientIp() });
    expect(body).toEqual({ status: 200, msg: 'success', data: null });
    expect(await rowsReferringTo(account.user.id, account.email)).toEqual({});
    expect(await rowsReferringTo(bystander.user.id, bystander.email)).toEqual(bystanderBefore);
  });

  it('ends its sessions and its login; the address can register again', async () => {
    const account = await anAccount(t, mailbox);
    await call(t.app, remove, {}, { token: account.token });
    const after = await call(t.app, detail, {}, { token: account.token });
    expect(after.http).toBe(401);
    expect(after.body.status).toBe(5003);
    expect((await call(t.app, login, { email: account.email, password: aPassword })).body.status).toBe(4122);
    t.clock.advance(61_000);
    const again = await anAccount(t, mailbox, { email: account.email });
    expect(again.user.id).not.toBe(account.user.id);
  });

  it('checks the password when the console sends one (4129 when wrong)', async () => {
    const account = await anAccount(t, mailbox);
    const wrong = await call(t.app, remove, { password: 'Wrong-2024' }, { token: account.token });
    expect(wrong.body).toEqual({ status: 4129, msg: 'The password is wrong', data: null });
    expect((await call(t.app, detail, {}, { token: account.token })).body.status).toBe(200);
    expect((await call(t.app, remove, { password: aPassword }, { token: account.token })).body.status).toBe(
      200,
    );
    expect((await call(t.app, detail, {}, { token: account.token })).body.status).toBe(5003);
  });
});
