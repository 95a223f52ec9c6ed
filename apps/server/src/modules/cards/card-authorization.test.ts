import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { listeningApp, simulators, storedRows, type OcppTestApp } from '../../ocpp/ocpp.fixtures.ts';
import { aCharger, anOperatorWithSite, callerFor, chargerCall } from '../chargers/chargers.fixtures.ts';
import { aCard, aGroup, cardCall, groupCall, recycle } from './cards.fixtures.ts';

// The card check at the charger, over a real WebSocket with the charger simulator.
let t: OcppTestApp;
const sims = simulators(() => t.url);
const { sessionsOf } = storedRows(() => t.db);

beforeAll(async () => {
  t = await listeningApp({ chargerWaitTimeout: 5 });
});
afterEach(() => sims.stopAll());
afterAll(() => t.close());

/** An operator's site with a booted charger. */
async function aSiteWithCharger() {
  const op = await anOperatorWithSite(t.db);
  const charger = await aCharger(t.db, { stationId: op.stationId });
  const sim = sims.make(charger);
  await sim.boot();
  return { ...op, as: callerFor(t.app, op), charger, sim };
}

const authorize = async (sim: { call: ReturnType<typeof sims.make>['call'] }, idTag: string) =>
  (await sim.call('Authorize', { idTag })).idTagInfo.status;

let clock = Date.parse('2026-03-01T09:00:00.000Z');
/** A StartTransaction with a timestamp of its own (the same one twice is a replay). */
const startRequest = (idTag: string) => ({
  connectorId: 1,
  idTag,
  meterStart: 1000,
  timestamp: new Date((clock += 60_000)).toISOString(),
});

describe('Authorize', () => {
  it('accepts an active card of the charger’s site, whatever the case of its id tag', async () => {
    const s = await aSiteWithCharger();
    const card = await aCard(t.db, s.stationId, { cardId: 'Ab12Cd34' });
    expect(await authorize(s.sim, card.cardId)).toBe('Accepted');
    expect(await authorize(s.sim, 'AB12CD34')).toBe('Accepted');
  });

  it('blocks a recycled card, and accepts it again once restored', async () => {
    const s = await aSiteWithCharger();
    const card = await aCard(t.db, s.stationId);
    expect((await s.as(cardCall('recycle'), { ids: [card.id] })).status).toBe(200);
    expect(await authorize(s.sim, card.cardId)).toBe('Blocked');
    expect((await s.as(cardCall('restore'), { ids: [card.id] })).status).toBe(200);
    expect(await authorize(s.sim, card.cardId)).toBe('Accepted');
  });

  it("answers Invalid for an unknown id tag and for another site's card", async () => {
    const s = await aSiteWithCharger();
    const elsewhere = await anOperatorWithSite(t.db);
    const theirs = await aCard(t.db, elsewhere.stationId);
    expect(await authorize(s.sim, 'NOBODY01')).toBe('Invalid');
    expect(await authorize(s.sim, theirs.cardId)).toBe('Invalid');
  });

  it('lets the simulated driver charge with an accepted card only', async () => {
    const s = await aSiteWithCharger();
    await s.sim.plugIn(1);
    expect(await s.sim.presentCard('NOBODY01', 1)).toEqual({ status: 'Invalid' });
    expect(await sessionsOf(s.charger.id)).toEqual([]);
    const card = await aCard(t.db, s.stationId);
    expect(await s.sim.presentCard(card.cardId, 1)).toEqual({ status: 'Accepted' });
    expect(await sessionsOf(s.charger.id)).toMatchObject([{ id_tag: card.cardId, status: 'ongoing' }]);
  });
});

describe('StartTransaction', () => {
  it("records the session of a known card as started by RFID, with the card's group then", async () => {
    const s = await aSiteWithCharger();
    const staff = await aGroup(t.db, s.stationId, { name: 'Staff', multiplier: 80 });
    const card = await aCard(t.db, s.stationId, { groupId: staff.id });
    const answer = await s.sim.call('StartTransaction', startRequest(card.cardId));
    expect(answer.idTagInfo.status).toBe('Accepted');
    expect((await sessionsOf(s.charger.id))[0]).toMatchObject({
      start_by: 'rfid',
      authorization: 'Accepted',
      card_id: card.id,
      card_group_id: staff.id,
      card_group_name: 'Staff',
      multiplier_bp: 8000,
      charger_alias: s.charger.alias,
      product_code: s.charger.product_code,
    });
  });

  it('keeps the group snapshot when the card or its group change afterwards', async () => {
    const s = await aSiteWithCharger();
    const staff = await aGroup(t.db, s.stationId, { name: 'Staff', multiplier: 80 });
    const guests = await aGroup(t.db, s.stationId, { name: 'Guests', multiplier: 50 });
    const card = await aCard(t.db, s.stationId, { groupId: staff.id });
    await s.sim.call('StartTransaction', startRequest(card.cardId));

    await s.as(cardCall('group/change'), { ids: [card.id], groupId: guests.id });
    await s.as(groupCall('update'), { id: staff.id, name: 'Former staff', multiplier: 10 });
    expect((await sessionsOf(s.charger.id))[0]).toMatchObject({
      card_id: card.id,
      card_group_id: staff.id,
      card_group_name: 'Staff',
      multiplier_bp: 8000,
    });
  });

  it('records the session of a recycled card anyway, flagged and answered Blocked', async () => {
    const s = await aSiteWithCharger();
    const card = await aCard(t.db, s.stationId);
    await recycle(t.db, s.stationId, card.id);
    const request = startRequest(card.cardId);
    const answer = await s.sim.call('StartTransaction', request);
    expect(answer.idTagInfo.status).toBe('Blocked');
    const [session] = await sessionsOf(s.charger.id);
    expect(session).toMatchObject({
      id: answer.transactionId,
      status: 'ongoing',
      start_by: 'rfid',
      authorization: 'Blocked',
      card_id: card.id,
      card_group_name: 'Default',
    });

    // A replay is answered with the decision recorded, even though the card was restored meanwhile.
    await s.as(cardCall('restore'), { ids: [card.id] });
    expect(await s.sim.call('StartTransaction', request)).toEqual(answer);
  });

  it('records an unknown id tag as Invalid, started by "others", without card or discount', async () => {
    const s = await aSiteWithCharger();
    const answer = await s.sim.call('StartTransaction', startRequest('STRANGER'));
    expect(answer.idTagInfo.status).toBe('Invalid');
    expect((await sessionsOf(s.charger.id))[0]).toMatchObject({
      start_by: 'others',
      authorization: 'Invalid',
      card_id: null,
      card_group_id: null,
      card_group_name: null,
      multiplier_bp: 10_000,
    });
  });
});

describe('a start from the console', () => {
  it('is the remote app’s and Accepted, even for a recycled card, whose group it still records', async () => {
    const s = await aSiteWithCharger();
    const staff = await aGroup(t.db, s.stationId, { name: 'Staff', multiplier: 90 });
    const card = await aCard(t.db, s.stationId, { groupId: staff.id });
    await recycle(t.db, s.stationId, card.id);
    const started = await s.as(chargerCall('start'), { chargerId: s.charger.id, idTag: card.cardId });
    expect(started.status, started.msg).toBe(200);
    expect(started.data.startBy).toBe('remoteApp');
    expect((await sessionsOf(s.charger.id))[0]).toMatchObject({
      start_by: 'remoteApp',
      authorization: 'Accepted',
      card_id: card.id,
      card_group_name: 'Staff',
      multiplier_bp: 9000,
    });
  });

  it('without a card of the site, records no card', async () => {
    const s = await aSiteWithCharger();
    const started = await s.as(chargerCall('start'), { chargerId: s.charger.id });
    expect(started.status, started.msg).toBe(200);
    expect((await sessionsOf(s.charger.id))[0]).toMatchObject({
      id_tag: 'CONSOLE',
      start_by: 'remoteApp',
      authorization: 'Accepted',
      card_id: null,
    });
  });
});

describe('a stop of a transaction this server never started', () => {
  it('records a session started by "unknown", with the card check of its id tag', async () => {
    const s = await aSiteWithCharger();
    const card = await aCard(t.db, s.stationId);
    await recycle(t.db, s.stationId, card.id);
    const answer = await s.sim.call('StopTransaction', {
      transactionId: 424242,
      idTag: card.cardId,
      meterStop: 5000,
      timestamp: '2026-03-01T10:00:00.000Z',
    });
    expect(answer).toEqual({ idTagInfo: { status: 'Blocked' } });
    expect(await sessionsOf(s.charger.id)).toMatchObject([
      { start_by: 'unknown', authorization: 'Blocked', card_id: card.id, flags: ['unknownTransaction'] },
    ]);
  });
});
