import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SimulatedCharger, SimulatedChargerOptions } from '@plugboard/charger-sim';
import { listeningApp, simulators, type OcppTestApp } from '../../ocpp/ocpp.fixtures.ts';
import { aCard } from '../cards/cards.fixtures.ts';
import { aProductCode, anOperatorWithSite, callerFor, chargerCall } from '../chargers/chargers.fixtures.ts';
import { sitesService } from '../sites/sites.service.ts';
import { profileIds } from './load-profiles.ts';

// Load management over real WebSockets: simulated chargers get charging profiles and their meters follow them.
let t: OcppTestApp;
const sims = simulators(() => t.url);

beforeAll(async () => {
  t = await listeningApp();
});
afterEach(() => sims.stopAll());
afterAll(() => t.close());

const waitLong = { timeout: 8000, interval: 50 };
/** A car that would draw 32 A on each of three phases. */
const car32 = 32 * 3 * 230;

type ChargerSpec = {
  capacity?: [number, number | null, number | null];
  sim?: Partial<SimulatedChargerOptions>;
};

/** An operator's site of that capacity with chargers added through the console, booted simulators for them. */
async function aSiteWith(capacity: [number, number, number], chargers: ChargerSpec[]) {
  const op = await anOperatorWithSite(t.db);
  await sitesService(t.db).update(op.userId, {
    stationId: op.stationId,
    capacityL1: capacity[0],
    capacityL2: capacity[1],
    capacityL3: capacity[2],
  });
  const as = callerFor(t.app, op);
  const made: { id: number; sim: SimulatedCharger; received: string[] }[] = [];
  for (const spec of chargers) {
    const [l1, l2, l3] = spec.capacity ?? [32, 32, 32];
    const productCode = aProductCode();
    const added = await as(chargerCall('add'), {
      productCode,
      pin: '1234',
      capacityL1: l1,
      capacityL2: l2,
      capacityL3: l3,
    });
    expect(added.status, added.msg).toBe(200);
    const received: string[] = [];
    const sim = sims.make(
      { product_code: productCode, pin: '1234' },
      {
        carPowerW: car32,
        ...spec.sim,
        log: (line) => {
          if (line.startsWith('⇐ ')) received.push(line.slice(2));
        },
      },
    );
    await sim.boot();
    made.push({ id: added.data.id, sim, received });
  }
  const detail = async () => (await as('/cms-system/system/load/v2/detail', {})).data;
  const enable = (isOpenLoad: 0 | 1) => as('/cms-system/system/load/v2/enable', { isOpenLoad });
  const card = await aCard(t.db, op.stationId);
  const charge = async (c: (typeof made)[number]) => {
    await c.sim.plugIn(1);
    await c.sim.presentCard(card.cardId, 1);
    await vi.waitFor(() => expect(c.sim.connector(1).transactionId).not.toBeNull());
  };
  /** The current the simulator's car draws on its L1 now (its meter follows the limit in force). */
  const drawn = async (c: (typeof made)[number]) => {
    await c.sim.sendMeterValues(1);
    const watts = c.sim.connector(1).powerW;
    return Math.round((watts / (230 * 3)) * 10) / 10;
  };
  return { ...op, as, chargers: made, detail, enable, charge, drawn };
}

const txLimit = (sim: { connector: (id: number) => { profiles: Map<number, unknown> } }) => {
  const p = sim.connector(1).profiles.get(profileIds.tx) as
    { chargingSchedule: { chargingSchedulePeriod: { limit: number }[] } } | undefined;
  return p?.chargingSchedule.chargingSchedulePeriod[0]?.limit ?? null;
};

describe('load management', () => {
  it('shares a 32 A site between two cars at 32 A: 16 A each; when one unplugs the other gets 32 A', async () => {
    const s = await aSiteWith([32, 32, 32], [{}, {}]);
    const [a, b] = s.chargers as [(typeof s.chargers)[0], (typeof s.chargers)[0]];
    expect((await s.enable(1)).status).toBe(200);
    await s.charge(a);
    await vi.waitFor(() => expect(txLimit(a.sim)).toBe(32), waitLong);
    await s.charge(b);
    await vi.waitFor(() => {
      expect(txLimit(a.sim)).toBe(16);
      expect(txLimit(b.sim)).toBe(16);
    }, waitLong);
    expect(await s.drawn(a)).toBe(16);
    expect(await s.drawn(b)).toBe(16);
    // What the charger applied is read back (GetCompositeSchedule).
    expect(a.received.some((l) => l.startsWith('GetCompositeSchedule {"connectorId":1,"duration":60'))).toBe(
      true,
    );
    // The TxProfile names the transaction, A with the phases; the fallback is a TxDefaultProfile on connector 0.
    const tx = a.received.find((l) => l.startsWith('SetChargingProfile') && l.includes('"TxProfile"'))!;
    expect(JSON.parse(tx.slice('SetChargingProfile '.length))).toMatchObject({
      connectorId: 1,
      csChargingProfiles: {
        chargingProfileId: profileIds.tx,
        transactionId: a.sim.connector(1).transactionId,
        chargingProfilePurpose: 'TxProfile',
        chargingSchedule: {
          chargingRateUnit: 'A',
          chargingSchedulePeriod: [{ startPeriod: 0, limit: 32, numberPhases: 3 }],
        },
      },
    });
    expect(
      a.received.some(
        (l) => l.startsWith('SetChargingProfile {"connectorId":0') && l.includes('TxDefaultProfile'),
      ),
    ).toBe(true);
    await vi.waitFor(async () => {
      const d = await s.detail();
      expect(d.chargers.map((c) => [c.limitA, c.reason])).toEqual([
        [16, 'fairShare'],
        [16, 'fairShare'],
      ]);
      expect(d.phases[0]).toMatchObject({ limitA: 32, allocatedA: 32 });
    }, waitLong);

    await b.sim.stopTransaction(1);
    await b.sim.unplug(1);
    await vi.waitFor(() => expect(txLimit(a.sim)).toBe(32), waitLong);
    expect(await s.drawn(a)).toBe(32);
  });

  it('answers 1503 when the minimums of the chargers do not fit the capacity', async () => {
    const s = await aSiteWith([10, 10, 10], [{}, {}]);
    expect((await s.enable(1)).status).toBe(1503);
    expect((await s.detail()).isOpenLoad).toBe(0);
  });

  it('pauses a car when the schedule lowers the capacity below the minimums, and rotates after the period', async () => {
    const s = await aSiteWith([32, 32, 32], [{}, {}]);
    const [a, b] = s.chargers as [(typeof s.chargers)[0], (typeof s.chargers)[0]];
    expect((await s.enable(1)).status).toBe(200);
    await s.charge(a);
    await vi.waitFor(() => expect(txLimit(a.sim)).toBe(32), waitLong);
    await s.charge(b);
    await vi.waitFor(() => expect(txLimit(b.sim)).toBe(16), waitLong);
    const saved = await s.as('/cms-system/system/load/v2/schedule/save', {
      bands: [{ days: [1, 2, 3, 4, 5, 6, 7], from: '00:00', to: '24:00', limitA: 10 }],
    });
    expect(saved.status, saved.msg).toBe(200);
    await vi.waitFor(() => {
      expect([txLimit(a.sim), txLimit(b.sim)]).toEqual([10, 0]);
    }, waitLong);
    expect(await s.drawn(b)).toBe(0);
    await vi.waitFor(() => expect(b.sim.connector(1).status).toBe('SuspendedEVSE'));
    // The chargers list says why it waits (spec section 4), not just "queuing".
    await vi.waitFor(async () => {
      const charger = (await s.as(chargerCall('detail'), { chargerId: b.id })).data;
      expect(charger.status).toBe('waitingForGridCapacity');
    }, waitLong);
    const d = await s.detail();
    expect(d.chargers.map((c) => c.reason)).toEqual(['fairShare', 'paused']);
    expect(d.nextChangeAt).not.toBeNull();
    expect(d.activeBand).toBe(0);
    // After the rotation period the waiting car charges and the other waits.
    t.clock.advance(d.rotationMinutes * 60_000 + 1000);
    await vi.waitFor(() => expect([txLimit(a.sim), txLimit(b.sim)]).toEqual([0, 10]), {
      timeout: 12_000,
      interval: 100,
    });
  });

  it('flags a charger that rejects profiles and counts it at its rating; a W-only charger gets watts', async () => {
    const s = await aSiteWith(
      [48, 48, 48],
      [{ capacity: [16, 16, 16], sim: { profileUnits: [] } }, { sim: { profileUnits: ['W'] } }],
    );
    const [x, w] = s.chargers as [(typeof s.chargers)[0], (typeof s.chargers)[0]];
    expect((await s.enable(1)).status).toBe(200);
    await s.charge(x);
    await s.charge(w);
    await vi.waitFor(async () => {
      const d = await s.detail();
      expect(d.chargers[0]).toMatchObject({ rejectsProfiles: true, reason: 'rejectsProfiles', limitA: null });
      expect(d.chargers[1]).toMatchObject({ rateUnit: 'W', limitA: 32, reason: 'rated' });
    }, waitLong);
    const p = w.sim.connector(1).profiles.get(profileIds.tx) as {
      chargingSchedule: { chargingRateUnit: string; chargingSchedulePeriod: { limit: number }[] };
    };
    expect(p.chargingSchedule.chargingRateUnit).toBe('W');
    expect(p.chargingSchedule.chargingSchedulePeriod[0]!.limit).toBe(32 * 230 * 3);
  });

  it('clears the profiles when load management is turned off', async () => {
    const s = await aSiteWith([32, 32, 32], [{}]);
    const [a] = s.chargers as [(typeof s.chargers)[0]];
    expect((await s.enable(1)).status).toBe(200);
    await s.charge(a);
    await vi.waitFor(() => expect(txLimit(a.sim)).toBe(32), waitLong);
    expect((await s.enable(0)).status).toBe(200);
    expect(a.sim.connector(1).profiles.size).toBe(0);
    expect(a.sim.internals.state.chargerProfiles.size).toBe(0);
    expect(a.received.filter((l) => l.startsWith('ClearChargingProfile')).length).toBeGreaterThanOrEqual(2);
  });

  it('allocates a site turned on through its form (not the load call) at the next pass, its events skipped until then', async () => {
    const s = await aSiteWith([32, 32, 32], [{}]);
    const [a] = s.chargers as [(typeof s.chargers)[0]];
    await s.charge(a);
    await sitesService(t.db).update(s.userId, { stationId: s.stationId, isOpenLoad: 1 });
    // This node learns of it at its next pass over the managed sites (every 5 s), which allocates it.
    await vi.waitFor(() => expect(txLimit(a.sim)).toBe(32), { timeout: 12_000, interval: 100 });
  }, 20_000);

  it("subtracts the building's load pushed by a site meter while it is fresh", async () => {
    const s = await aSiteWith([32, 32, 32], [{}]);
    const [a] = s.chargers as [(typeof s.chargers)[0]];
    expect((await s.enable(1)).status).toBe(200);
    await s.charge(a);
    await vi.waitFor(() => expect(txLimit(a.sim)).toBe(32), waitLong);
    const pushed = await s.as('/cms-system/system/load/v2/meter', { currentA: [20, 5, 0] });
    expect(pushed.status, pushed.msg).toBe(200);
    await vi.waitFor(() => expect(txLimit(a.sim)).toBe(12), waitLong);
    expect((await s.detail()).meter).toMatchObject({ currentA: [20, 5, 0] });
    // A reading two minutes old is stale: the capacity alone holds again.
    const old = new Date(t.clock.now().getTime() - 120_000).toISOString();
    await s.as('/cms-system/system/load/v2/meter', { currentA: [20, 5, 0], measuredAt: old });
    await vi.waitFor(() => expect(txLimit(a.sim)).toBe(32), waitLong);
    expect((await s.detail()).meter).toBeNull();
  });

  it('refuses a wiring that uses a site phase twice, and a charger of another site', async () => {
    const s = await aSiteWith([32, 32, 32], [{}]);
    const other = await aSiteWith([32, 32, 32], [{}]);
    const save = (chargerId: number, wiring: number[]) =>
      s.as('/cms-system/system/load/v2/charger/save', { chargerId, phases: 3, wiring, minA: 6, maxA: null });
    expect((await save(s.chargers[0]!.id, [1, 1, 2])).status).toBe(4129);
    expect((await save(other.chargers[0]!.id, [2, 3, 1])).status).toBe(1001);
    const ok = await save(s.chargers[0]!.id, [2, 3, 1]);
    expect(ok.status, ok.msg).toBe(200);
    expect(ok.data.chargers[0]).toMatchObject({ wiring: [2, 3, 1], phases: 3, minA: 6 });
  });
});
