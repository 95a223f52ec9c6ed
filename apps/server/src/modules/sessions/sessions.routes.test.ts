import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionCountAhead, startAfterEndMessage } from '@plugboard/contract';
import { call, createTestApp, type TestApp } from '../../../test/helpers.ts';
import { aCharger, anOperatorWithSite, callerFor } from '../chargers/chargers.fixtures.ts';
import { saveTariff } from '../tariffs/tariffs.fixtures.ts';
import { aStoredSession, readingsOf } from './sessions.fixtures.ts';

const list = '/cms-system/system/session/v2/list';
const detail = '/cms-system/system/session/v2/detail';
const remove = '/cms-system/system/session/v2/delete';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** An operator's site with two chargers. */
async function aSite() {
  const op = await anOperatorWithSite(t.db);
  const one = await aCharger(t.db, { stationId: op.stationId, alias: 'Bay 1' });
  const two = await aCharger(t.db, { stationId: op.stationId, alias: 'Bay 2' });
  return { ...op, one, two, as: callerFor(t.app, op) };
}

const ids = (body: { data: { list: { orderNo: number }[] } | null }) => body.data?.list.map((s) => s.orderNo);

describe('the sessions list', () => {
  it("shows the site's sessions newest first, a page at a time, with what each one was", async () => {
    const site = await aSite();
    const older = await aStoredSession(t.db, site.one, { energy_wh: 12_345, start_by: 'remoteApp' });
    const newer = await aStoredSession(t.db, site.two, { card_group_name: 'Staff', id_tag: 'ABC123' });
    await aStoredSession(t.db, (await aSite()).one); // another site's

    const page = await site.as(list, { pageSize: 1 });
    expect(page.data).toEqual({
      list: [
        {
          orderNo: newer.id,
          chargerId: site.two.id,
          chargerAlias: 'Bay 2',
          productCode: site.two.product_code,
          connectorId: 1,
          startBy: 'rfid',
          cardId: 'ABC123',
          cardGroupName: 'Staff',
          startTime: newer.start_time.toISOString(),
          endTime: newer.end_time?.toISOString(),
          energyKwh: 5,
          cost: null,
          currency: 'EUR',
          status: 'complete',
          meterValue: 6,
          authorization: 'Accepted',
        },
      ],
      total: 2,
      totalCapped: false,
      pageNum: 1,
      pageSize: 1,
    });
    const second = await site.as(list, { pageSize: 1, pageNum: 2 });
    expect(second.data?.list[0]).toMatchObject({
      orderNo: older.id,
      energyKwh: 12.345,
      startBy: 'remoteApp',
    });
    expect(ids(await site.as(list, { pageSize: 1, pageNum: 3 }))).toEqual([]);
  });

  it('filters by charger, status, card and start time range, inclusive at both ends', async () => {
    const site = await aSite();
    const a = await aStoredSession(t.db, site.one, { start_time: '2026-02-01T10:00:00Z', id_tag: 'card-A' });
    const b = await aStoredSession(t.db, site.two, { start_time: '2026-02-10T10:00:00Z' });
    const c = await aStoredSession(t.db, site.one, { start_time: '2026-02-20T10:00:00Z', status: 'ongoing' });

    expect(ids(await site.as(list, { chargerId: site.one.id }))).toEqual([c.id, a.id]);
    expect(ids(await site.as(list, { status: 'ongoing' }))).toEqual([c.id]);
    expect(ids(await site.as(list, { status: 'complete' }))).toEqual([b.id, a.id]);
    expect(ids(await site.as(list, { cardId: 'CARD-a' }))).toEqual([a.id]);
    const range = await site.as(list, {
      startFrom: '2026-02-01T10:00:00.000Z',
      startTo: '2026-02-10T10:00:00.000Z',
    });
    expect(ids(range)).toEqual([b.id, a.id]);
    expect(range.data?.total).toBe(2);
    expect(ids(await site.as(list, { chargerId: site.two.id, status: 'ongoing' }))).toEqual([]);
  });

  it('refuses a time range whose end comes before its start, with the message the console shows (4129)', async () => {
    const site = await aSite();
    const answer = await call(
      t.app,
      list,
      {
        stationId: site.stationId,
        startFrom: '2026-02-10T00:00:00.000Z',
        startTo: '2026-02-01T00:00:00.000Z',
      },
      { token: site.token },
    );
    expect(answer.body.status).toBe(4129);
    expect(answer.body.msg).toBe(`Please enter correct information: startTo: ${startAfterEndMessage}`);
  });

  it('sorts by end time, energy and cost both ways; ongoing sessions count as not ended, with no energy or cost', async () => {
    const site = await aSite();
    const tariff = await saveTariff(t.app, site);
    const small = await aStoredSession(t.db, site.one, {
      energy_wh: 1000,
      tariff_id: tariff.id,
      cost_gross_minor: 900,
    });
    const big = await aStoredSession(t.db, site.one, {
      energy_wh: 9000,
      tariff_id: tariff.id,
      cost_gross_minor: 100,
    });
    const free = await aStoredSession(t.db, site.one, { energy_wh: 5000 });
    const ongoing = await aStoredSession(t.db, site.one, { status: 'ongoing' });
    const sorted = (sortBy: string, sortOrder: string) => site.as(list, { sortBy, sortOrder }).then(ids);

    expect(await sorted('energy', 'desc')).toEqual([big.id, free.id, small.id, ongoing.id]);
    expect(await sorted('energy', 'asc')).toEqual([ongoing.id, small.id, free.id, big.id]);
    expect(await sorted('cost', 'desc')).toEqual([small.id, big.id, ongoing.id, free.id]);
    expect(await sorted('cost', 'asc')).toEqual([free.id, ongoing.id, big.id, small.id]);
    expect(await sorted('endTime', 'desc')).toEqual([ongoing.id, free.id, big.id, small.id]);
    expect(await sorted('startTime', 'asc')).toEqual([small.id, big.id, free.id, ongoing.id]);
    expect((await site.as(list, { sortBy: 'cost', sortOrder: 'desc' })).data?.list[0]?.cost).toBe(9);
  });

  it('counts exactly up to some way past the page, and says when there are more', async () => {
    const site = await aSite();
    const many = sessionCountAhead + 25;
    await sql`
      insert into charging_sessions (station_id, charger_id, connector_id, transaction_id, id_tag, start_time,
        meter_start_wh, status)
      select ${site.stationId}, ${site.one.id}, 1, 100000 + i, 'BULK', '2025-01-01'::timestamptz + i * interval '1 minute',
        0, 'complete'
      from generate_series(1, ${many}) i`.execute(t.db);
    const first = await site.as(list, { pageSize: 10 });
    expect(first.data).toMatchObject({ total: sessionCountAhead + 10, totalCapped: true });
    const last = await site.as(list, { pageSize: 10, pageNum: 1003 });
    expect(last.data).toMatchObject({ total: many, totalCapped: false });
    expect(last.data?.list).toHaveLength(5);
  });
});

describe('an ongoing session', () => {
  it('shows the energy so far, its newest register and a cost estimate, in the list and the detail', async () => {
    const site = await aSite();
    const tariff = await saveTariff(t.app, site, { timePrice: 0, idlePrice: 0 });
    const session = await aStoredSession(t.db, site.one, { status: 'ongoing', tariff_id: tariff.id });
    await readingsOf(t.db, session, [
      [10, 3000, 11_000],
      [20, 6000, 11_000],
    ]);
    // 0.50 + 5 kWh x 0.349 = 2.245 -> 2.25 net, + 0.47 VAT.
    const [item] = (await site.as(list, {})).data?.list ?? [];
    expect(item).toMatchObject({ status: 'ongoing', endTime: null, energyKwh: 5, meterValue: 6, cost: 2.72 });
    const { data } = await site.as(detail, { orderNo: session.id });
    expect(data).toMatchObject({
      cost: 2.72,
      tariffId: tariff.id,
      meterStopKwh: null,
      breakdown: { net: 2.25, vat: 0.47, gross: 2.72, estimate: true },
      meterValues: [
        { energyKwh: 2, powerKw: 11 },
        { energyKwh: 5, powerKw: 11 },
      ],
    });
  });

  it('costs more the longer the car stays plugged in without charging (idle price)', async () => {
    const site = await aSite();
    const tariff = await saveTariff(t.app, site, {
      energyPrice: 0,
      timePrice: 0,
      startFee: 0,
      idlePrice: 0.1,
    });
    const now = t.clock.now().getTime();
    const session = await aStoredSession(t.db, site.one, {
      status: 'ongoing',
      tariff_id: tariff.id,
      start_time: new Date(now - 30 * 60_000),
    });
    await readingsOf(t.db, session, [[10, 4000]]);
    const cost = async () => (await site.as(list, {})).data?.list[0]?.cost ?? 0;
    // 20 idle minutes so far: 2.00 net, 2.42 gross; an hour later 8.00 net, 9.68 gross.
    expect(await cost()).toBeCloseTo(2.42, 1);
    t.clock.advance(3_600_000);
    expect(await cost()).toBeCloseTo(9.68, 1);
  });
});

describe('the session detail', () => {
  it('has every field and at most about 2,000 readings for the chart, evenly spread, first and last kept', async () => {
    const site = await aSite();
    const session = await aStoredSession(t.db, site.one, { stop_reason: 'EVDisconnected', energy_wh: 5000 });
    await readingsOf(
      t.db,
      session,
      Array.from({ length: 5000 }, (_, i) => [i / 100, 1000 + i, 7000] as [number, number, number]),
    );
    const { data } = await site.as(detail, { orderNo: session.id });
    expect(data).toMatchObject({
      orderNo: session.id,
      transactionId: session.transaction_id,
      meterStartKwh: 1,
      meterStopKwh: 6,
      stopReason: 'EVDisconnected',
      tariffId: null,
      breakdown: null,
      cost: null,
    });
    const points = data?.meterValues ?? [];
    expect(points.length).toBeGreaterThan(1500);
    expect(points.length).toBeLessThanOrEqual(2001);
    expect(points[0]).toEqual({ at: session.start_time.toISOString(), energyKwh: 0, powerKw: 7 });
    expect(points.at(-1)?.energyKwh).toBe(4.999);
  });

  it("answers another site's session like one that does not exist (1039)", async () => {
    const site = await aSite();
    const foreign = await aStoredSession(t.db, (await aSite()).one);
    expect(await site.as(detail, { orderNo: foreign.id })).toEqual({
      status: 1039,
      msg: 'The session does not exist',
      data: null,
    });
  });
});

describe('deleting a session', () => {
  it('removes it and its readings for good', async () => {
    const site = await aSite();
    const session = await aStoredSession(t.db, site.one);
    await readingsOf(t.db, session, [[5, 2000]]);
    expect(await site.as(remove, { orderNo: session.id })).toEqual({
      status: 200,
      msg: 'success',
      data: null,
    });
    expect(ids(await site.as(list, {}))).toEqual([]);
    const left = await t.db
      .selectFrom('meter_values')
      .select('id')
      .where('session_id', '=', session.id)
      .execute();
    expect(left).toEqual([]);
    expect((await site.as(remove, { orderNo: session.id })).status).toBe(1039);
  });

  it("refuses an ongoing session (1036) and another site's session (1039)", async () => {
    const site = await aSite();
    const ongoing = await aStoredSession(t.db, site.one, { status: 'ongoing' });
    const foreign = await aStoredSession(t.db, (await aSite()).one);
    expect((await site.as(remove, { orderNo: ongoing.id })).status).toBe(1036);
    expect((await site.as(remove, { orderNo: foreign.id })).status).toBe(1039);
    const kept = await t.db
      .selectFrom('charging_sessions')
      .select('id')
      .where('id', 'in', [ongoing.id, foreign.id])
      .execute();
    expect(kept).toHaveLength(2);
  });
});

describe('deleting a charger', () => {
  it('keeps its sessions and their readings, listed under the alias they had; readings outside sessions go', async () => {
    const site = await aSite();
    const session = await aStoredSession(t.db, site.one, { charger_alias: 'Bay 1' });
    await readingsOf(t.db, session, [[5, 2000]]);
    await t.db
      .insertInto('meter_values')
      .values({ charger_id: site.one.id, connector_id: 1, sampled_at: new Date(), energy_wh: 1 })
      .execute();

    expect((await site.as('/cms-system/system/charger/v2/delete', { chargerId: site.one.id })).status).toBe(
      200,
    );
    const { data } = await site.as(list, {});
    expect(data?.list).toMatchObject([
      { orderNo: session.id, chargerId: null, chargerAlias: 'Bay 1', productCode: session.product_code },
    ]);
    const readings = await t.db
      .selectFrom('meter_values')
      .select(['session_id', 'charger_id'])
      .where((eb) => eb.or([eb('session_id', '=', session.id), eb('charger_id', '=', site.one.id)]))
      .execute();
    expect(readings).toEqual([{ session_id: session.id, charger_id: null }]);
    expect((await site.as(detail, { orderNo: session.id })).data?.meterValues).toHaveLength(1);
  });
});
