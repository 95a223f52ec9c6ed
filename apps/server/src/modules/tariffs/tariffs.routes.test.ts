import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helpers.ts';
import { anOperatorWithSite, callerFor } from '../chargers/chargers.fixtures.ts';
import { aTariff, saveTariff } from './tariffs.fixtures.ts';

const detail = '/cms-system/system/tariff/v2/detail';
const save = '/cms-system/system/tariff/v2/save';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

async function anOperator() {
  const op = await anOperatorWithSite(t.db);
  return { ...op, as: callerFor(t.app, op) };
}

const aBand = (overrides: Record<string, unknown> = {}) => ({
  days: [1, 2, 3, 4, 5],
  from: '07:00',
  to: '23:00',
  energyPrice: 0.42,
  timePrice: 0,
  idlePrice: 0.2,
  ...overrides,
});

describe('tariff', () => {
  it('is null before the first save, then the saved tariff with the site currency, time zone and fixed cost', async () => {
    const op = await anOperator();
    expect(await op.as(detail, {})).toEqual({ status: 200, msg: 'success', data: null });
    await op.as('/cms-system/system/station/v2/update', { fixedCost: 0.21, timeZone: 'Europe/Berlin' });

    const saved = await saveTariff(t.app, op, { priceModel: 'timeOfUse', bands: [aBand()] });
    const { data } = await op.as(detail, {});
    expect(data).toEqual(saved);
    expect(data).toMatchObject({
      ...aTariff({ priceModel: 'timeOfUse', bands: [aBand()] }),
      currency: 'EUR',
      timeZone: 'Europe/Berlin',
      fixedCost: 0.21,
    });
  });

  it('keeps prices to the fourth decimal exactly, however the number is stored in floating point', async () => {
    const op = await anOperator();
    const saved = await saveTariff(t.app, op, {
      energyPrice: 1.0005,
      timePrice: 0.1 + 0.2,
      startFee: 99_999.9999,
      vatRate: 20.05,
    });
    const row = await t.db
      .selectFrom('tariffs')
      .selectAll()
      .where('id', '=', saved.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      energy_price: 10_005,
      time_price: 3000,
      start_fee: 999_999_999,
      vat_rate_bp: 2005,
    });
    expect(saved).toMatchObject({
      energyPrice: 1.0005,
      timePrice: 0.3,
      startFee: 99_999.9999,
      vatRate: 20.05,
    });
  });

  it('saves a new version each time; the newest is the tariff', async () => {
    const op = await anOperator();
    const first = await saveTariff(t.app, op, { energyPrice: 0.3 });
    const second = await saveTariff(t.app, op, { energyPrice: 0.4, paymentMethods: ['emv', 'contactless'] });
    expect(second.id).toBeGreaterThan(first.id);
    expect((await op.as(detail, {})).data).toMatchObject({
      id: second.id,
      energyPrice: 0.4,
      paymentMethods: ['emv', 'contactless'],
    });
    const versions = await t.db
      .selectFrom('tariffs')
      .select('id')
      .where('station_id', '=', op.stationId)
      .execute();
    expect(versions).toHaveLength(2);
  });

  it('refuses bands that overlap on a day, or end before they start (4129), and keeps the tariff it had', async () => {
    const op = await anOperator();
    const kept = await saveTariff(t.app, op);
    const overlapping = await op.as(save, {
      ...aTariff({ priceModel: 'timeOfUse' }),
      bands: [aBand(), aBand({ days: [5, 6], from: '22:00', to: '24:00' })],
    });
    expect(overlapping).toEqual({
      status: 4129,
      msg: 'Please enter correct information: bands: band 2 overlaps band 1 on Fri',
      data: null,
    });
    const backwards = await op.as(save, {
      ...aTariff({ priceModel: 'timeOfUse' }),
      bands: [aBand({ from: '23:00', to: '07:00' })],
    });
    expect(backwards.status).toBe(4129);
    expect(backwards.msg).toContain("band 1: 'to' must be after 'from'");
    expect((await op.as(detail, {})).data?.id).toBe(kept.id);
  });

  it('refuses a negative price, too many decimals and a VAT rate over 100 % (4129)', async () => {
    const op = await anOperator();
    for (const wrong of [
      { energyPrice: -0.1 },
      { timePrice: 0.00001 },
      { vatRate: 101 },
      { startFee: 100_001 },
    ]) {
      expect((await op.as(save, { ...aTariff(), ...wrong })).status).toBe(4129);
    }
    expect((await op.as(detail, {})).data).toBeNull();
  });
});
