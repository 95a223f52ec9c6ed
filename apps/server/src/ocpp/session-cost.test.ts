import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { priceSession, type Tariff as EngineTariff } from '@plugboard/pricing';
import { call } from '../../test/helpers.ts';
import { aCharger, anOperatorWithSite } from '../modules/chargers/chargers.fixtures.ts';
import { saveTariff } from '../modules/tariffs/tariffs.fixtures.ts';
import { listeningApp, simulators, storedRows, type OcppTestApp } from './ocpp.fixtures.ts';

// The cost of a session is priced when it ends, in the transaction that completes it, from every stored reading
// and the tariff version it started under; 'session.stopped' (the charging report mail) finds it stored.

let t: OcppTestApp;
const sims = simulators(() => t.url);
beforeAll(async () => {
  t = await listeningApp();
});
afterEach(() => sims.stopAll());
afterAll(() => t.close());

const { sessionsOf } = storedRows(() => t.db);

/** An operator's site with a booted charger on it. */
async function aSiteWithCharger() {
  const op = await anOperatorWithSite(t.db);
  const charger = await aCharger(t.db, { stationId: op.stationId });
  const sim = sims.make(charger);
  await sim.boot();
  return { op, charger, sim };
}

const energy = (wh: number) => [
  { value: String(wh), measurand: 'Energy.Active.Import.Register' as const, unit: 'Wh' as const },
];
type Sim = Awaited<ReturnType<typeof aSiteWithCharger>>['sim'];

/** 09:00 start at 1000 Wh, 09:30 at 4000, 09:45 at 8500 (full), stopped 10:00: 45 min charging, 15 min idle. */
async function aQuarterIdleSession(
  sim: Sim,
  { day = '2026-03-02', between = async () => {} }: { day?: string; between?: () => Promise<unknown> } = {},
) {
  const { transactionId } = await sim.call('StartTransaction', {
    connectorId: 1,
    idTag: 'CARD1',
    meterStart: 1000,
    timestamp: `${day}T09:00:00.000Z`,
  });
  await sim.call('MeterValues', {
    connectorId: 1,
    transactionId,
    meterValue: [{ timestamp: `${day}T09:30:00.000Z`, sampledValue: energy(4000) }],
  });
  await between();
  await sim.call('StopTransaction', {
    transactionId,
    meterStop: 8500,
    timestamp: `${day}T10:00:00.000Z`,
    reason: 'EVDisconnected',
    transactionData: [{ timestamp: `${day}T09:45:00.000Z`, sampledValue: energy(8500) }],
  });
  return transactionId;
}

/** The aTariff() prices as the engine takes them, written out by hand. */
const engineTariff: EngineTariff = {
  priceModel: 'static',
  energyPerKwh: 3490,
  perChargingMinute: 500,
  perIdleMinute: 1000,
  startFee: 5000,
  pricesIncludeVat: false,
  vatRateBp: 2100,
  bands: [],
  timeZone: 'Europe/Amsterdam',
  minorDigits: 2,
};

describe('the cost of a session', () => {
  it('is stored when the charger stops it, as the cost engine prices its readings, before session.stopped', async () => {
    const { op, charger, sim } = await aSiteWithCharger();
    const tariff = await saveTariff(t.app, op);
    const seenAtStop: Promise<unknown>[] = [];
    const unsubscribe = t.app.events.subscribe('session.stopped', (e) => {
      seenAtStop.push(
        t.db
          .selectFrom('charging_sessions')
          .select('cost_gross_minor')
          .where('id', '=', e.sessionId)
          .executeTakeFirst(),
      );
    });
    const id = await aQuarterIdleSession(sim);
    await t.app.events.caughtUp();
    unsubscribe();

    const [session] = await sessionsOf(charger.id);
    // 0.50 start + 7.5 kWh x 0.349 + 45 min x 0.05 + 15 min idle x 0.10 = 6.8675 -> 6.87 net, 1.44 VAT (21 %).
    expect(session).toMatchObject({
      tariff_id: tariff.id,
      currency: 'EUR',
      cost_net_minor: 687,
      cost_vat_minor: 144,
      cost_gross_minor: 831,
    });
    const readings = [
      { at: Date.parse('2026-03-02T09:00:00Z'), energyWh: 1000 },
      { at: Date.parse('2026-03-02T09:30:00Z'), energyWh: 4000 },
      { at: Date.parse('2026-03-02T09:45:00Z'), energyWh: 8500 },
      { at: Date.parse('2026-03-02T10:00:00Z'), energyWh: 8500 },
    ];
    const predicted = priceSession({ tariff: engineTariff, readings, multiplierBp: 10_000 });
    expect(session?.cost_breakdown).toEqual(predicted);
    expect(predicted.lines.map((l) => [l.kind, l.amountMinor])).toEqual([
      ['startFee', 50],
      ['energy', 262],
      ['chargingTime', 225],
      ['idleTime', 150],
    ]);
    expect(await Promise.all(seenAtStop)).toEqual([{ cost_gross_minor: 831 }]);

    const { body } = await call(
      t.app,
      '/cms-system/system/session/v2/detail',
      { stationId: op.stationId, orderNo: id },
      { token: op.token },
    );
    expect(body.data).toMatchObject({
      cost: 8.31,
      energyKwh: 7.5,
      meterValue: 8.5,
      status: 'complete',
      breakdown: {
        lines: [
          { kind: 'startFee', band: null, quantity: 1, unitPrice: 0.5, amount: 0.5 },
          { kind: 'energy', band: null, quantity: 7.5, unitPrice: 0.349, amount: 2.62 },
          { kind: 'chargingTime', band: null, quantity: 45, unitPrice: 0.05, amount: 2.25 },
          { kind: 'idleTime', band: null, quantity: 15, unitPrice: 0.1, amount: 1.5 },
        ],
        multiplier: 100,
        net: 6.87,
        vat: 1.44,
        gross: 8.31,
        vatRate: 21,
        pricesIncludeVat: false,
        estimate: false,
      },
    });
  });

  it('keeps the tariff the session started under when the tariff changes during it', async () => {
    const { op, charger, sim } = await aSiteWithCharger();
    const before = await saveTariff(t.app, op);
    let after = before;
    await aQuarterIdleSession(sim, {
      between: async () => {
        after = await saveTariff(t.app, op, { energyPrice: 1, startFee: 0 });
      },
    });
    const [first] = await sessionsOf(charger.id);
    expect(first).toMatchObject({ tariff_id: before.id, cost_gross_minor: 831 });

    // The next session is priced by the new version: 7.5 kWh x 1.00 + 2.25 + 1.50 = 11.25 net, 13.61 gross.
    await aQuarterIdleSession(sim, { day: '2026-03-03' });
    const [, second] = await sessionsOf(charger.id);
    expect(after.id).not.toBe(before.id);
    expect(second).toMatchObject({ tariff_id: after.id, cost_net_minor: 1125, cost_gross_minor: 1361 });
  });

  it('prices a session replayed late from the offline queue with the tariff version valid at its start', async () => {
    const { op, charger, sim } = await aSiteWithCharger();
    const january = await saveTariff(t.app, op);
    const june = await saveTariff(t.app, op, { energyPrice: 1, startFee: 0 });
    await t.db
      .updateTable('tariffs')
      .set({ created_at: new Date('2026-01-01T00:00:00Z') })
      .where('id', '=', january.id)
      .execute();
    await t.db
      .updateTable('tariffs')
      .set({ created_at: new Date('2026-06-01T00:00:00Z') })
      .where('id', '=', june.id)
      .execute();
    // A session of 2 March reaches the server only now, after June's version was saved.
    await aQuarterIdleSession(sim, { day: '2026-03-02' });
    expect((await sessionsOf(charger.id))[0]).toMatchObject({ tariff_id: january.id, cost_gross_minor: 831 });
  });

  it('is unknown (null) on a site without a tariff', async () => {
    const { charger, sim } = await aSiteWithCharger();
    await aQuarterIdleSession(sim);
    expect((await sessionsOf(charger.id))[0]).toMatchObject({
      status: 'complete',
      tariff_id: null,
      cost_gross_minor: null,
      cost_breakdown: null,
    });
  });

  it('is priced too when the server closes a session the charger never stopped', async () => {
    const { op, charger, sim } = await aSiteWithCharger();
    await saveTariff(t.app, op, { timePrice: 0, idlePrice: 0 });
    const { transactionId } = await sim.call('StartTransaction', {
      connectorId: 1,
      idTag: 'CARD1',
      meterStart: 0,
      timestamp: '2026-03-02T08:00:00.000Z',
    });
    await sim.call('MeterValues', {
      connectorId: 1,
      transactionId,
      meterValue: [{ timestamp: '2026-03-02T08:30:00.000Z', sampledValue: energy(10_000) }],
    });
    await sim.call('StartTransaction', {
      connectorId: 1,
      idTag: 'CARD2',
      meterStart: 10_000,
      timestamp: '2026-03-02T09:00:00.000Z',
    });
    // Closed at its last reading: 0.50 + 10 kWh x 0.349 = 3.99 net, 4.83 gross.
    expect((await sessionsOf(charger.id))[0]).toMatchObject({
      stop_reason: 'replacedByNewTransaction',
      cost_net_minor: 399,
      cost_gross_minor: 483,
    });
  });
});
