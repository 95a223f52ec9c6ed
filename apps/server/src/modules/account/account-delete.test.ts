import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../../test/helpers.ts';
import { startMailbox, type Mailbox } from '../../../test/smtp.ts';
import { aCharger } from '../chargers/chargers.fixtures.ts';
import { aStoredSession, readingsOf } from '../sessions/sessions.fixtures.ts';
import { aSite } from '../sites/sites.fixtures.ts';
import { saveTariff } from '../tariffs/tariffs.fixtures.ts';
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
 * to its id, an e-mail column (`email`, `*_email`) equal to its address in any case, or a `station_id` of one of
 * its sites (chargers, sessions, tariffs, cards...).
 */
async function rowsReferringTo(
  userId: number,
  email: string,
  siteIds: number[],
): Promise<Record<string, number>> {
  const columns = await sql<{ table_name: string; column_name: string }>`
    select table_name, column_name from information_schema.columns
    where table_schema = 'public' and table_name <> 'schema_migrations'
      and (column_name in ('user_id', 'email', 'station_id') or column_name like '%\\_email')`.execute(t.db);
  const counts: Record<string, number> = {};
  for (const { table_name: table, column_name: column } of columns.rows) {
    const condition =
      column === 'user_id'
        ? sql`${sql.ref(column)} = ${userId}`
        : column === 'station_id'
          ? sql`${sql.ref(column)} = any(${siteIds}::bigint[])`
          : sql`lower(${sql.ref(column)}) = lower(${email})`;
    const { rows } = await sql<{
      n: number;
    }>`select count(*)::int as n from ${sql.table(table)} where ${condition}`.execute(t.db);
    const n = rows[0]?.n ?? 0;
    if (n > 0) counts[table] = (counts[table] ?? 0) + n;
  }
  return counts;
}

/**
 * An account with something in every kind of table: login sessions, a site with a charger, a charging session and
 * its readings, a tariff, card groups and a card, codes, wrong codes, failed logins, mail.
 */
async function aBusyAccount(): Promise<Operator & { siteIds: number[] }> {
  const account = await anAccount(t, mailbox);
  await call(t.app, login, { email: account.email, password: aPassword });
  await call(t.app, login, { email: account.email, password: 'Wrong-2024' });
  const site = await call(t.app, '/cms-system/system/station/v2/add', aSite(), { token: account.token });
  expect(site.body.status).toBe(200);
  const stationId = site.body.data.id;
  await saveTariff(t.app, { token: account.token, stationId });
  const charger = await aCharger(t.db, { stationId });
  const session = await aStoredSession(t.db, charger);
  await readingsOf(t.db, session, [[5, 2000]]);
  // A reading outside any session too (a charger idling between sessions).
  await readingsOf(t.db, { ...session, id: null }, [[600, 2000]]);
  // Card groups and a card: the operator's own, with the account's address, subscribed to the charging report.
  const group = await call(
    t.app,
    '/cms-system/system/cardGroup/v2/add',
    { stationId, name: 'Staff', multiplier: 80 },
    { token: account.token },
  );
  const card = await call(
    t.app,
    '/cms-system/system/card/v2/add',
    {
      stationId,
      cardId: 'OWNCARD1',
      groupId: group.body.data.id,
      email: account.email,
      subscribeReport: true,
    },
    { token: account.token },
  );
  expect(card.body.status).toBe(200);
  t.clock.advance(61_000);
  await aCode(t, mailbox, account.email, 'forgot');
  await call(t.app, '/cms-system/system/verify/code/check', {
    email: account.email,
    code: '0000',
    purpose: 'forgot',
  });
  await aCode(t, mailbox, anEmail('new-address'), 'changeEmail', { token: account.token });
  return { ...account, siteIds: [stationId] };
}

describe('deleting the account', () => {
  it('removes every row that refers to it, in every table, and nothing of other accounts', async () => {
    const account = await aBusyAccount();
    const bystander = await aBusyAccount();
    const before = await rowsReferringTo(account.user.id, account.email, account.siteIds);
    expect(Object.keys(before).sort()).toEqual(
      expect.arrayContaining([
        'card_groups',
        'cards',
        'charging_sessions',
        'chargers',
        'events',
        'tariffs',
        'login_failures',
        'outbox',
        'sites',
        'user_sessions',
        'users',
        'verification_codes',
        'verification_failures',
      ]),
    );
    const bystanderBefore = await rowsReferringTo(bystander.user.id, bystander.email, bystander.siteIds);

    const { body } = await call(t.app, remove, {}, { token: account.token, ip: aClientIp() });
    expect(body).toEqual({ status: 200, msg: 'success', data: null });
    expect(await rowsReferringTo(account.user.id, account.email, account.siteIds)).toEqual({});
    expect(await rowsReferringTo(bystander.user.id, bystander.email, bystander.siteIds)).toEqual(
      bystanderBefore,
    );
    const readings = await t.db
      .selectFrom('meter_values')
      .select('id')
      .where('charger_id', 'is', null)
      .execute();
    expect(readings).toEqual([]);
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
