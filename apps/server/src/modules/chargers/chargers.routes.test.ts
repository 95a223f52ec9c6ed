import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, type TestApp } from '../../../test/helpers.ts';
import { aProductCode, anOperatorWithSite, callerFor, chargerCall } from './chargers.fixtures.ts';

// The console's management of chargers (no charger connects here; charger-commands.test.ts drives a simulator).
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** An operator's site and a way to call as them. */
async function aConsole() {
  const op = await anOperatorWithSite(t.db);
  const as = callerFor(t.app, op);
  const add = async (fields: Record<string, unknown> = {}) => {
    const answer = await as(chargerCall('add'), { productCode: aProductCode(), pin: '1234', ...fields });
    expect(answer.status, answer.msg).toBe(200);
    return answer.data;
  };
  const setLoadManagement = async (on: boolean) =>
    expect((await as('/cms-system/system/station/v2/update', { isOpenLoad: on ? 1 : 0 })).status).toBe(200);
  return { ...op, as, add, setLoadManagement };
}

describe('adding a charger', () => {
  it('adds a charger with its fields and shows it as the list shows it', async () => {
    const c = await aConsole();
    const productCode = aProductCode();
    const answer = await c.as(chargerCall('add'), {
      productCode,
      pin: 'Secret-9',
      alias: 'Bay 1',
      chargerType: 'socketWithShutter',
      ratedPowerW: 22_000,
      connectivity: 'LAN',
      capacityL1: 32,
      capacityL2: 32,
      capacityL3: 32,
    });
    expect(answer.status).toBe(200);
    expect(answer.data).toMatchObject({
      productCode,
      alias: 'Bay 1',
      pinHint: '••••9',
      chargerType: 'socketWithShutter',
      ratedPowerW: 22_000,
      connectivity: 'LAN',
      capacityL1: 32,
      status: 'offline',
      connected: false,
      firmwareVersion: null,
      newFirmwareVersion: null,
      totalCurrentA: null,
      connectors: [],
      ongoingSession: null,
    });
    expect(JSON.stringify(answer)).not.toContain('Secret-9');
    expect((await c.as(chargerCall('detail'), { chargerId: answer.data.id })).data).toEqual(answer.data);
  });

  it('names a charger after the end of its product code when the alias is absent or empty', async () => {
    const c = await aConsole();
    const productCode = `E07LONGCODE${Date.now()}A`;
    expect((await c.add({ productCode })).alias).toBe(productCode.slice(-8));
    const other = `E07OTHERCODE${Date.now()}B`;
    expect((await c.add({ productCode: other, alias: '' })).alias).toBe(other.slice(-8));
  });

  it('refuses an alias the site already has (1042), in any case, also on update', async () => {
    const c = await aConsole();
    await c.add({ alias: 'Bay 1' });
    const other = await c.add({ alias: 'Bay 2' });
    expect(
      (await c.as(chargerCall('add'), { productCode: aProductCode(), pin: '1234', alias: 'BAY 1' })).status,
    ).toBe(1042);
    expect((await c.as(chargerCall('update'), { chargerId: other.id, alias: 'bay 1' })).status).toBe(1042);
    // Another site may use it.
    await (await aConsole()).add({ alias: 'Bay 1' });
  });

  it('refuses a PIN of the wrong format with 1011', async () => {
    const c = await aConsole();
    for (const pin of ['12', '12 34', 'pïn-1234']) {
      expect((await c.as(chargerCall('add'), { productCode: aProductCode(), pin })).status, pin).toBe(1011);
    }
  });

  it('refuses a product code registered anywhere (4129) given its PIN, and one of the wrong format', async () => {
    const taken = await (await aConsole()).add();
    const c = await aConsole();
    const again = await c.as(chargerCall('add'), {
      productCode: taken.productCode.toLowerCase(),
      pin: '1234',
    });
    expect(again).toMatchObject({ status: 4129, msg: 'This product code is already registered' });
    const bad = await call(
      t.app,
      chargerCall('add'),
      { stationId: c.stationId, productCode: 'E07 ABC', pin: '1234' },
      { token: c.token },
    );
    expect(bad.http).toBe(400);
    expect(bad.body.status).toBe(4129);
  });

  it('says a taken product code is registered only with its right PIN: any other answers as a wrong PIN', async () => {
    const taken = await (await aConsole()).add({ pin: 'Right-PIN-7' });
    const c = await aConsole();
    const wrong = await c.as(chargerCall('add'), { productCode: taken.productCode, pin: 'Guess-123' });
    expect(wrong).toMatchObject({ status: 1011, msg: 'Invalid PIN code' });
    // The same answer as for a code that does not exist and a PIN of a wrong format: nothing tells which exist.
    expect((await c.as(chargerCall('add'), { productCode: aProductCode(), pin: '12' })).msg).toBe(wrong.msg);
  });

  it('counts wrong PINs for a taken product code as guesses: past 5, the add waits its backoff', async () => {
    const taken = await (await aConsole()).add({ pin: 'Right-PIN-7' });
    const c = await aConsole();
    for (let i = 0; i < 5; i++) {
      expect(
        (await c.as(chargerCall('add'), { productCode: taken.productCode, pin: `Guess-${i}` })).status,
      ).toBe(1011);
    }
    // Unchecked now: even the right PIN answers as a wrong one until the backoff has passed.
    const held = await c.as(chargerCall('add'), { productCode: taken.productCode, pin: 'Right-PIN-7' });
    expect(held.status).toBe(1011);
    // Another account is not held by this one's guesses.
    const other = await (
      await aConsole()
    ).as(chargerCall('add'), {
      productCode: taken.productCode,
      pin: 'Right-PIN-7',
    });
    expect(other).toMatchObject({ status: 4129, msg: 'This product code is already registered' });
  });

  it('refuses to add or delete a charger while load management is active (1506)', async () => {
    const c = await aConsole();
    const charger = await c.add();
    await c.setLoadManagement(true);
    expect((await c.as(chargerCall('add'), { productCode: aProductCode(), pin: '1234' })).status).toBe(1506);
    expect((await c.as(chargerCall('delete'), { chargerId: charger.id })).status).toBe(1506);
    expect((await c.as(chargerCall('list'), {})).data.total).toBe(1);
    await c.setLoadManagement(false);
    expect((await c.as(chargerCall('delete'), { chargerId: charger.id })).status).toBe(200);
    expect((await c.as(chargerCall('list'), {})).data.total).toBe(0);
  });
});

describe('changing a charger', () => {
  it('changes the fields given, keeps the others, and clears those sent as null', async () => {
    const c = await aConsole();
    const charger = await c.add({ alias: 'Old', ratedPowerW: 11_000, connectivity: '4G', capacityL1: 16 });
    const answer = await c.as(chargerCall('update'), {
      chargerId: charger.id,
      alias: 'New',
      connectivity: null,
      capacityL2: 20,
    });
    expect(answer.data).toMatchObject({
      alias: 'New',
      ratedPowerW: 11_000,
      connectivity: null,
      capacityL1: 16,
      capacityL2: 20,
    });
  });

  it('refuses an alias longer than 8 characters', async () => {
    const c = await aConsole();
    const charger = await c.add();
    expect((await c.as(chargerCall('update'), { chargerId: charger.id, alias: 'Nine char' })).status).toBe(
      4129,
    );
  });
});

describe('the charger list', () => {
  it('pages by alias and filters by part of product code or alias, and by status', async () => {
    const c = await aConsole();
    const b = await c.add({ alias: 'b-east' });
    const a = await c.add({ alias: 'A-west' });
    const special = await c.add({ alias: '50%_off', productCode: `SPECIAL-${aProductCode()}` });
    await t.db.updateTable('chargers').set({ status: 'faulted' }).where('id', '=', b.id).execute();

    const page1 = (await c.as(chargerCall('list'), { pageSize: 2 })).data;
    expect(page1).toMatchObject({ total: 3, pageNum: 1, pageSize: 2 });
    expect(page1.list.map((x) => x.id)).toEqual([special.id, a.id]);
    const page2 = (await c.as(chargerCall('list'), { pageSize: 2, pageNum: 2 })).data;
    expect(page2.list.map((x) => x.id)).toEqual([b.id]);

    const ids = async (body: Record<string, unknown>) =>
      (await c.as(chargerCall('list'), body)).data.list.map((x) => x.id);
    expect(await ids({ keyword: 'WEST' })).toEqual([a.id]);
    expect(await ids({ keyword: 'special' })).toEqual([special.id]);
    expect(await ids({ keyword: '%_' })).toEqual([special.id]);
    expect(await ids({ status: 'faulted' })).toEqual([b.id]);
  });

  it('sorts names naturally (numbers by value, any case) on every page, one order throughout', async () => {
    const c = await aConsole();
    for (const alias of ['BULK-10', 'BULK-2', 'bulk-3', 'BULK-1', 'BULK-11', 'BULK-21', 'Bay 9', 'Bay 10'])
      await c.add({ alias });
    const pages = [];
    for (const pageNum of [1, 2, 3]) {
      const page = (await c.as(chargerCall('list'), { pageSize: 3, pageNum })).data;
      pages.push(...page.list.map((x) => x.alias));
    }
    expect(pages).toEqual(['Bay 9', 'Bay 10', 'BULK-1', 'BULK-2', 'bulk-3', 'BULK-10', 'BULK-11', 'BULK-21']);
    // An index serves that order: the first page needs no sort of the site's chargers.
    const plan = await t.db.transaction().execute(async (trx) => {
      await sql`set local enable_sort = off`.execute(trx);
      const { rows } = await sql<{ 'QUERY PLAN': string }>`explain select id from chargers
        where station_id = ${c.stationId} order by chargers.alias collate natural_order, chargers.id limit 3`.execute(
        trx,
      );
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    expect(plan).toContain('chargers_station_alias_natural_idx');
    expect(plan).not.toMatch(/Sort/);
  });
});

describe('deleting', () => {
  it('deletes a charger; it is gone from the list and from detail (1001)', async () => {
    const c = await aConsole();
    const charger = await c.add();
    expect((await c.as(chargerCall('delete'), { chargerId: charger.id })).status).toBe(200);
    expect((await c.as(chargerCall('detail'), { chargerId: charger.id })).status).toBe(1001);
    expect((await c.as(chargerCall('delete'), { chargerId: charger.id })).status).toBe(1001);
  });

  it('refuses to delete a site that still has chargers (1039), then deletes it once they are gone', async () => {
    const c = await aConsole();
    const charger = await c.add();
    const refused = await c.as('/cms-system/system/station/v2/delete', {});
    expect(refused).toMatchObject({ status: 1039, msg: 'Delete the chargers of this site first' });
    await c.as(chargerCall('delete'), { chargerId: charger.id });
    expect((await c.as('/cms-system/system/station/v2/delete', {})).status).toBe(200);
  });
});

describe('the firmware catalogue', () => {
  it("offers an account's own firmware to its chargers of that model only, and never to another account's", async () => {
    const mine = await aConsole();
    const theirs = await aConsole();
    const [own, other] = [await mine.add(), await theirs.add()];
    await t.db
      .updateTable('chargers')
      .set({ model: 'Wallbox X', firmware_version: '1.2.0' })
      .where('id', 'in', [own.id, other.id])
      .execute();
    const added = await call(
      t.app,
      '/cms-system/system/charger/v2/firmware/add',
      { model: 'WALLBOX X', version: '1.10.0', url: 'https://firmware.example/x-1.10.0.bin' },
      { token: mine.token },
    );
    expect(added.body).toMatchObject({ status: 200, data: { version: '1.10.0', shared: false } });
    expect((await mine.as(chargerCall('detail'), { chargerId: own.id })).data.newFirmwareVersion).toBe(
      '1.10.0',
    );
    expect(
      (await theirs.as(chargerCall('detail'), { chargerId: other.id })).data.newFirmwareVersion,
    ).toBeNull();
  });

  it('refuses a firmware location that is not an http(s) or ftp(s) URL', async () => {
    const c = await aConsole();
    const answer = await call(
      t.app,
      '/cms-system/system/charger/v2/firmware/add',
      { model: 'M', version: '1', url: 'file:///etc/passwd' },
      { token: c.token },
    );
    expect(answer.body.status).toBe(4129);
  });
});
