import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { currencyLockedMessage, type SiteFieldsInput } from '@plugboard/contract';
import { call, createTestApp, type TestApp } from '../../../test/helpers.ts';
import { anOperator, aSite } from './sites.fixtures.ts';

const add = '/cms-system/system/station/v2/add';
const update = '/cms-system/system/station/v2/update';
const detail = '/cms-system/system/station/v2/detail';
const list = '/cms-system/system/station/v2/list';
const remove = '/cms-system/system/station/v2/delete';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function addSite(token: string, fields: SiteFieldsInput = aSite()) {
  const { body } = await call(t.app, add, fields, { token });
  expect(body.status).toBe(200);
  return body.data;
}

describe('adding a site', () => {
  it('answers the created site, with the defaults of the fields left out', async () => {
    const { token } = await anOperator(t.db);
    const { id, createdAt, ...site } = await addSite(token, aSite({ name: '  Depot Zuid  ' }));
    expect(id).toBeGreaterThan(0);
    expect(Date.parse(createdAt)).toBeGreaterThan(Date.now() - 60_000);
    expect(site).toEqual({
      name: 'Depot Zuid',
      address: 'Kade 1, 1011 AA Amsterdam',
      currency: 'EUR',
      fixedCost: 0,
      fixedCostIncludesVat: true,
      powerCapacity: 50,
      phases: 3,
      capacityL1: 63,
      capacityL2: 63,
      capacityL3: 63,
      isOpenLoad: 0,
      contactName: '',
      contactEmail: '',
      helpPhone: '',
      timeZone: 'Europe/Amsterdam',
    });
  });

  it('keeps decimals exactly: 4 on the fixed cost, 2 on the power capacity', async () => {
    const { token } = await anOperator(t.db);
    const site = await addSite(
      token,
      aSite({
        fixedCost: 0.1234,
        fixedCostIncludesVat: false,
        powerCapacity: 22.15,
        phases: 1,
        capacityL1: 32,
        capacityL2: null,
        capacityL3: null,
        isOpenLoad: 1,
        contactName: 'Ria',
        contactEmail: 'ria@example.com',
        helpPhone: '+31 (0)20-123 4567',
        timeZone: 'America/New_York',
        currency: 'USD',
      }),
    );
    const { body } = await call(t.app, detail, { stationId: site.id }, { token });
    expect(body.data).toEqual(site);
    expect(body.data).toMatchObject({
      fixedCost: 0.1234,
      fixedCostIncludesVat: false,
      powerCapacity: 22.15,
      phases: 1,
      capacityL2: null,
      isOpenLoad: 1,
      timeZone: 'America/New_York',
      currency: 'USD',
    });
  });

  it('ignores the stationId the console sends with every call', async () => {
    const { token } = await anOperator(t.db);
    const site = await addSite(token, { ...aSite(), stationId: '12' } as SiteFieldsInput);
    expect(site.name).toBe('Depot Noord');
  });

  const invalid: [string, Record<string, unknown>, string][] = [
    ['a single-phase site with an L2 capacity', { phases: 1, capacityL3: null }, 'capacityL2'],
    ['a three-phase site without an L3 capacity', { capacityL3: null }, 'capacityL3'],
    ['a negative fixed cost', { fixedCost: -0.01 }, 'fixedCost'],
    ['a fixed cost with 5 decimals', { fixedCost: 0.12345 }, 'fixedCost'],
    ['a power capacity of 0', { powerCapacity: 0 }, 'powerCapacity'],
    ['a power capacity with 3 decimals', { powerCapacity: 11.005 }, 'powerCapacity'],
    ['a phase count of 2', { phases: 2 }, 'phases'],
    ['a fractional L1 capacity', { capacityL1: 16.5 }, 'capacityL1'],
    ['an L1 capacity of 0', { capacityL1: 0 }, 'capacityL1'],
    ['a bad contact e-mail', { contactEmail: 'ria@' }, 'contactEmail'],
    ['an unknown currency', { currency: 'XYZ' }, 'currency'],
    ['no currency', { currency: undefined }, 'currency'],
    ['an empty name', { name: '   ' }, 'name'],
    ['a name of 101 characters', { name: 'n'.repeat(101) }, 'name'],
    ['no address', { address: undefined }, 'address'],
    ['an unknown time zone', { timeZone: 'Mars/Olympus_Mons' }, 'timeZone'],
    ['an offset instead of a time zone', { timeZone: '+01:00' }, 'timeZone'],
    ['an isOpenLoad of 2', { isOpenLoad: 2 }, 'isOpenLoad'],
    ['letters in the help phone', { helpPhone: 'call me' }, 'helpPhone'],
  ];
  it.each(invalid)('refuses %s with 4129 naming the field', async (_, change, field) => {
    const { token } = await anOperator(t.db);
    const { http, body } = await call(t.app, add, { ...aSite(), ...change }, { token });
    expect(http).toBe(400);
    expect(body.status).toBe(4129);
    expect(body.msg).toContain(field);
    const { body: page } = await call(t.app, list, {}, { token });
    expect(page.data.total).toBe(0);
  });

  it('needs a session', async () => {
    const { http, body } = await call(t.app, add, aSite(), { token: '' });
    expect(http).toBe(401);
    expect(body.status).toBe(5003);
  });
});

describe('updating a site', () => {
  it('changes the fields given and keeps the others', async () => {
    const { token } = await anOperator(t.db);
    const site = await addSite(token);
    const { body } = await call(
      t.app,
      update,
      { stationId: site.id, name: 'Depot West', isOpenLoad: 1, fixedCost: 0.25 },
      { token },
    );
    expect(body.status).toBe(200);
    expect(body.data).toEqual({ ...site, name: 'Depot West', isOpenLoad: 1, fixedCost: 0.25 });
    const { body: read } = await call(t.app, detail, { stationId: site.id }, { token });
    expect(read.data).toEqual(body.data);
  });

  it('accepts the same currency again', async () => {
    const { token } = await anOperator(t.db);
    const site = await addSite(token);
    const { body } = await call(t.app, update, { stationId: site.id, currency: 'EUR', name: 'X' }, { token });
    expect(body.status).toBe(200);
    expect(body.data.name).toBe('X');
  });

  it('refuses another currency once set, and changes nothing', async () => {
    const { token } = await anOperator(t.db);
    const site = await addSite(token);
    const { http, body } = await call(
      t.app,
      update,
      { stationId: site.id, currency: 'GBP', name: 'Depot Londen' },
      { token },
    );
    expect(http).toBe(200);
    expect(body).toEqual({ status: 4129, msg: currencyLockedMessage, data: null });
    const { body: read } = await call(t.app, detail, { stationId: site.id }, { token });
    expect(read.data).toEqual(site);
  });

  it('keeps the currency locked in the database too', async () => {
    const { token } = await anOperator(t.db);
    const site = await addSite(token);
    await expect(sql`update sites set currency = 'GBP' where id = ${site.id}`.execute(t.db)).rejects.toThrow(
      /cannot be changed/,
    );
  });

  it('drops L2 and L3 when the site becomes single-phase', async () => {
    const { token } = await anOperator(t.db);
    const site = await addSite(token);
    const { body } = await call(t.app, update, { stationId: site.id, phases: 1, capacityL1: 40 }, { token });
    expect(body.data).toMatchObject({ phases: 1, capacityL1: 40, capacityL2: null, capacityL3: null });
  });

  it('refuses a single-phase update that names an L2 capacity', async () => {
    const { token } = await anOperator(t.db);
    const site = await addSite(token);
    const { http, body } = await call(
      t.app,
      update,
      { stationId: site.id, phases: 1, capacityL2: 16 },
      { token },
    );
    expect(http).toBe(400);
    expect(body.status).toBe(4129);
    expect(body.msg).toContain('capacityL2');
  });

  it('refuses to make a single-phase site three-phase without L2 and L3', async () => {
    const { token } = await anOperator(t.db);
    const site = await addSite(token, aSite({ phases: 1, capacityL2: null, capacityL3: null }));
    const { body } = await call(t.app, update, { stationId: site.id, phases: 3, capacityL2: 25 }, { token });
    expect(body.status).toBe(4129);
    expect(body.msg).toContain('capacityL3');
    const { body: done } = await call(
      t.app,
      update,
      { stationId: site.id, phases: 3, capacityL2: 25, capacityL3: 25 },
      { token },
    );
    expect(done.data).toMatchObject({ phases: 3, capacityL2: 25, capacityL3: 25 });
  });

  it('refuses an L2 capacity on a single-phase site without a phase change', async () => {
    const { token } = await anOperator(t.db);
    const site = await addSite(token, aSite({ phases: 1, capacityL2: null, capacityL3: null }));
    const { body } = await call(t.app, update, { stationId: site.id, capacityL2: 25 }, { token });
    expect(body.status).toBe(4129);
    expect(body.msg).toContain('capacityL2');
  });

  it('refuses invalid fields like add does', async () => {
    const { token } = await anOperator(t.db);
    const site = await addSite(token);
    const { http, body } = await call(t.app, update, { stationId: site.id, contactEmail: 'nope' }, { token });
    expect(http).toBe(400);
    expect(body.msg).toContain('contactEmail');
  });
});

describe('the site list', () => {
  it('pages through the sites by name (any case), then id, with the total', async () => {
    const { token } = await anOperator(t.db);
    for (const name of ['delta', 'Alpha', 'charlie', 'Bravo', 'echo', 'alpha'])
      await addSite(token, aSite({ name }));
    const { body: first } = await call(t.app, list, { pageNum: 1, pageSize: 4 }, { token });
    expect(first.data.total).toBe(6);
    expect(first.data.list.map((s) => s.name)).toEqual(['Alpha', 'alpha', 'Bravo', 'charlie']);
    const { body: second } = await call(t.app, list, { pageNum: 2, pageSize: 4 }, { token });
    expect(second.data).toMatchObject({ total: 6, pageNum: 2, pageSize: 4 });
    expect(second.data.list.map((s) => s.name)).toEqual(['delta', 'echo']);
  });

  it('defaults to page 1 of 10, and accepts and ignores enterpriseId and stationId', async () => {
    const { token } = await anOperator(t.db);
    for (let i = 0; i < 11; i++) await addSite(token, aSite({ name: `Site ${String(i).padStart(2, '0')}` }));
    const { body } = await call(t.app, list, { enterpriseId: 'ent-1', stationId: null }, { token });
    expect(body.data).toMatchObject({ total: 11, pageNum: 1, pageSize: 10 });
    expect(body.data.list).toHaveLength(10);
  });

  it('finds sites by part of the name, whatever the case', async () => {
    const { token } = await anOperator(t.db);
    for (const name of ['Amsterdam Depot', 'Rotterdam Haven', 'Utrecht'])
      await addSite(token, aSite({ name }));
    const { body } = await call(t.app, list, { name: 'DAM' }, { token });
    expect(body.data.list.map((s) => s.name)).toEqual(['Amsterdam Depot', 'Rotterdam Haven']);
    expect(body.data.total).toBe(2);
  });

  it('takes % and _ in the search literally', async () => {
    const { token } = await anOperator(t.db);
    for (const name of ['100% green', 'Plain']) await addSite(token, aSite({ name }));
    const { body } = await call(t.app, list, { name: '%' }, { token });
    expect(body.data.list.map((s) => s.name)).toEqual(['100% green']);
    const { body: none } = await call(t.app, list, { name: '_' }, { token });
    expect(none.data.total).toBe(0);
  });

  it.each([
    [{ pageNum: 0 }, 'pageNum'],
    [{ pageSize: 101 }, 'pageSize'],
    [{ pageSize: 0 }, 'pageSize'],
  ])('refuses %o', async (query, field) => {
    const { token } = await anOperator(t.db);
    const { http, body } = await call(t.app, list, query, { token });
    expect(http).toBe(400);
    expect(body.msg).toContain(field);
  });
});

describe('deleting a site', () => {
  it('removes it: it is then gone from detail and list', async () => {
    const { token } = await anOperator(t.db);
    const site = await addSite(token);
    const kept = await addSite(token, aSite({ name: 'Kept' }));
    const { body } = await call(t.app, remove, { stationId: site.id }, { token });
    expect(body).toEqual({ status: 200, msg: 'success', data: null });
    expect((await call(t.app, detail, { stationId: site.id }, { token })).body.status).toBe(1502);
    expect((await call(t.app, remove, { stationId: site.id }, { token })).body.status).toBe(1502);
    const { body: page } = await call(t.app, list, {}, { token });
    expect(page.data.list.map((s) => s.id)).toEqual([kept.id]);
  });
});

describe('a site that does not exist', () => {
  it.each([detail, update, remove] as const)('answers 1502 on %s', async (path) => {
    const { token } = await anOperator(t.db);
    const { http, body } = await call(t.app, path, { stationId: 987654321 }, { token });
    expect(http).toBe(200);
    expect(body).toEqual({ status: 1502, msg: 'Site does not exist', data: null });
  });
});

it('removes the sites of a deleted account', async () => {
  const owner = await anOperator(t.db);
  await addSite(owner.token);
  await addSite(owner.token, aSite({ name: 'Second' }));
  await t.db.deleteFrom('users').where('id', '=', owner.userId).execute();
  const left = await t.db.selectFrom('sites').select('id').where('user_id', '=', owner.userId).execute();
  expect(left).toEqual([]);
});

it('describes the site calls in the OpenAPI document', async () => {
  const response = await t.app.inject({ method: 'GET', url: '/cms-system/openapi.json' });
  const paths = Object.keys(response.json<{ paths: Record<string, unknown> }>().paths);
  expect(paths).toEqual(expect.arrayContaining([add, update, detail, list, remove]));
});
