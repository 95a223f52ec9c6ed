import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { SimulatedCharger } from '@plugboard/charger-sim';
import { listeningApp, simulators, type OcppTestApp } from '../../ocpp/ocpp.fixtures.ts';
import { aCard, recycle } from '../cards/cards.fixtures.ts';
import { cardsService } from '../cards/cards.service.ts';
import { eventWriter } from '../events/events.service.ts';
import { aCharger, anOperatorWithSite, callerFor } from '../chargers/chargers.fixtures.ts';

let t: OcppTestApp;
const sims = simulators(() => t.url);

beforeAll(async () => {
  t = await listeningApp();
});
afterEach(() => sims.stopAll());
afterAll(() => t.close());

const detailPath = '/cms-system/system/local-list/v2/detail';
const savePath = '/cms-system/system/local-list/v2/save';

/** A site with an operator, a charger and its simulator (booted), and two cards: one active, one recycled. */
async function aSiteWithCharger(simOptions: Parameters<typeof sims.make>[1] = {}) {
  const op = await anOperatorWithSite(t.db);
  const as = callerFor(t.app, op);
  const active = await aCard(t.db, op.stationId);
  const blocked = await aCard(t.db, op.stationId);
  await recycle(t.db, op.stationId, blocked.id);
  const charger = await aCharger(t.db, { stationId: op.stationId });
  const sim = sims.make(charger, simOptions);
  await sim.boot();
  return { op, as, active, blocked, charger, sim };
}

const listOf = (sim: SimulatedCharger) =>
  Object.fromEntries([...sim.localList.entries].map(([idTag, info]) => [idTag, info.status]));

async function synced(as: ReturnType<typeof callerFor>, chargerId: number) {
  await vi.waitFor(async () => {
    const { data } = (await as(detailPath, {})) as { data: { version: number; chargers: unknown[] } };
    expect(data.chargers).toContainEqual(
      expect.objectContaining({ chargerId, state: 'synced', version: data.version }),
    );
  });
}

describe("a site's local authorization list", () => {
  it('is off until switched on; then the charger gets LocalAuthListEnabled and the Full list of the site', async () => {
    const { as, active, blocked, charger, sim } = await aSiteWithCharger();
    expect(await as(detailPath, {})).toMatchObject({ status: 200, data: { enabled: false, version: 0 } });
    expect(sim.localList.state).toEqual({ version: 0, enabled: false });

    const saved = await as(savePath, { enabled: true });
    expect(saved).toMatchObject({ status: 200, data: { enabled: true, version: 1, size: 2 } });
    await synced(as, charger.id);
    expect(sim.localList.state).toEqual({ version: 1, enabled: true });
    expect(listOf(sim)).toEqual({
      [active.cardId.toLowerCase()]: 'Accepted',
      [blocked.cardId.toLowerCase()]: 'Blocked',
    });
  });

  it('sends a Differential update on every card change: added, recycled, renamed', async () => {
    const { op, as, active, charger, sim } = await aSiteWithCharger();
    await as(savePath, { enabled: true });
    await synced(as, charger.id);
    const sent: { updateType: string }[] = [];
    sim.client.on('message', ({ message, outbound }: { message: string; outbound: boolean }) => {
      const frame = JSON.parse(message) as [number, string, string, { updateType: string }];
      if (!outbound && frame[0] === 2 && frame[2] === 'SendLocalList') sent.push(frame[3]);
    });

    const added = await aCard(t.db, op.stationId);
    await vi.waitFor(() => expect(sim.localList.state.version).toBe(2));
    expect(listOf(sim)[added.cardId.toLowerCase()]).toBe('Accepted');
    await recycle(t.db, op.stationId, active.id);
    await vi.waitFor(() => expect(listOf(sim)[active.cardId.toLowerCase()]).toBe('Blocked'));
    const cards = cardsService({ db: t.db, now: () => new Date(), events: eventWriter(() => new Date()) });
    await cards.update(op.stationId, { id: added.id, cardId: 'RENAMED1' });
    await vi.waitFor(() => expect(listOf(sim)['renamed1']).toBe('Accepted'));
    expect(listOf(sim)[added.cardId.toLowerCase()]).toBeUndefined();
    await synced(as, charger.id);

    const payloads = sent;
    expect(payloads.map((p) => p.updateType)).toEqual(['Differential', 'Differential', 'Differential']);
    // The rename removes the old id tag (no idTagInfo) and adds the new one.
    expect(payloads[2]).toEqual({
      listVersion: 4,
      updateType: 'Differential',
      localAuthorizationList: expect.arrayContaining([
        { idTag: added.cardId },
        { idTag: 'RENAMED1', idTagInfo: { status: 'Accepted' } },
      ]) as unknown,
    });
  });

  it("authorizes the site's cards from the list while the charger is offline", async () => {
    const { as, active, blocked, charger, sim } = await aSiteWithCharger();
    await as(savePath, { enabled: true });
    await synced(as, charger.id);
    await sim.stop();
    expect(await sim.presentCard(active.cardId)).toEqual({ status: 'Accepted' });
    expect(await sim.presentCard(blocked.cardId)).toEqual({ status: 'Blocked' });
    expect(await sim.presentCard('NOTACARD')).toEqual({ status: 'Invalid' });
  });

  it('gives a charger that connects later the Full list, and one whose list is not ours (VersionMismatch) too', async () => {
    const { op, as, charger, sim } = await aSiteWithCharger();
    await as(savePath, { enabled: true });
    await synced(as, charger.id);
    const late = await aCharger(t.db, { stationId: op.stationId });
    const lateSim = sims.make(late);
    await lateSim.boot();
    await synced(as, late.id);
    expect(lateSim.localList.state).toEqual({ version: 1, enabled: true });
    expect(Object.keys(listOf(lateSim))).toHaveLength(2);

    // Someone set a list of a higher version on the first charger by hand: the Differential is refused.
    sim.localList.state.version = 99;
    await aCard(t.db, op.stationId);
    await vi.waitFor(() => expect(sim.localList.state.version).toBe(2));
    expect(Object.keys(listOf(sim))).toHaveLength(3);
    await synced(as, charger.id);
  });

  it('says so for a charger without a local list, and for a site with more cards than a charger holds', async () => {
    const { op, as, charger } = await aSiteWithCharger({ localList: { supported: false } });
    const small = await aCharger(t.db, { stationId: op.stationId });
    const smallSim = sims.make(small, { localList: { sendMaxLength: 1, maxLength: 5 } });
    await smallSim.boot();
    await as(savePath, { enabled: true });
    await vi.waitFor(async () => {
      const { data } = (await as(detailPath, {})) as { data: { chargers: unknown[] } };
      expect(data.chargers).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ chargerId: charger.id, state: 'notSupported' }),
          expect.objectContaining({ chargerId: small.id, state: 'tooLong' }),
        ]),
      );
    });
    expect(smallSim.localList.state.version).toBe(0);
  });

  it('empties the list and turns LocalAuthListEnabled off when switched off', async () => {
    const { as, charger, sim } = await aSiteWithCharger();
    await as(savePath, { enabled: true });
    await synced(as, charger.id);
    expect(await as(savePath, { enabled: false })).toMatchObject({ data: { enabled: false } });
    await vi.waitFor(() => expect(sim.localList.state.enabled).toBe(false));
    expect(sim.localList.entries.size).toBe(0);
  });
});
