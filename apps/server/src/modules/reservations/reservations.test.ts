import { codes } from '@plugboard/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { listeningApp, simulators, storedRows, type OcppTestApp } from '../../ocpp/ocpp.fixtures.ts';
import { aCard, recycle } from '../cards/cards.fixtures.ts';
import { aCharger, anOperatorWithSite, callerFor } from '../chargers/chargers.fixtures.ts';

let t: OcppTestApp;
const sims = simulators(() => t.url);

beforeAll(async () => {
  t = await listeningApp();
});
afterEach(() => sims.stopAll());
afterAll(() => t.close());

const { sessionsOf } = storedRows(() => t.db);
const path = (name: 'list' | 'add' | 'cancel') => `/cms-system/system/reservation/v2/${name}` as const;
const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000).toISOString();

/** A site's operator, a charger with two connectors (booted, Available) and a card of the site. */
async function aReservableCharger() {
  const op = await anOperatorWithSite(t.db);
  const as = callerFor(t.app, op);
  const card = await aCard(t.db, op.stationId);
  const charger = await aCharger(t.db, { stationId: op.stationId });
  const sim = sims.make(charger, { connectors: 2 });
  await sim.boot();
  await sim.setStatus(1, 'Available');
  await sim.setStatus(2, 'Available');
  const list = async () =>
    ((await as(path('list'), { chargerId: charger.id })) as { data: { list: { id: number }[] } }).data.list;
  return { op, as, card, charger, sim, list };
}

const ocppStatusOf = async (chargerId: number, connectorId: number) =>
  (
    await t.db
      .selectFrom('connectors')
      .select('ocpp_status')
      .where('charger_id', '=', chargerId)
      .where('connector_id', '=', connectorId)
      .executeTakeFirst()
  )?.ocpp_status;

describe('reserving a connector for a card (ReserveNow)', () => {
  it("is answered Accepted, shows the connector Reserved, and ends with the card's start there", async () => {
    const { as, card, charger, sim, list } = await aReservableCharger();
    const expiryDate = inMinutes(60);
    const answer = await as(path('add'), {
      chargerId: charger.id,
      connectorId: 1,
      idTag: card.cardId,
      expiryDate,
    });
    expect(answer).toMatchObject({
      status: 200,
      data: { status: 'Accepted', reservation: { connectorId: 1, idTag: card.cardId, expiryDate } },
    });
    await vi.waitFor(async () => expect(await ocppStatusOf(charger.id, 1)).toBe('Reserved'));
    expect(await list()).toHaveLength(1);
    const reservationId = (answer as { data: { reservation: { id: number } } }).data.reservation.id;
    expect(sim.reservations.get(reservationId)).toMatchObject({ connectorId: 1, idTag: card.cardId });

    // Another card does not start on the reserved connector; the reservation's card does, naming it.
    const other = await aCard(t.db, charger.station_id);
    await sim.plugIn(1);
    await sim.presentCard(other.cardId, 1);
    expect(sim.connector(1).transactionId).toBeNull();
    const sent: unknown[] = [];
    sim.client.on('message', ({ message, outbound }: { message: string; outbound: boolean }) => {
      const frame = JSON.parse(message) as unknown[];
      if (outbound && frame[2] === 'StartTransaction') sent.push(frame[3]);
    });
    await sim.presentCard(card.cardId, 1);
    expect(sent).toEqual([expect.objectContaining({ idTag: card.cardId, reservationId })]);
    await vi.waitFor(async () => expect(await list()).toEqual([]));
    expect(await sessionsOf(charger.id)).toHaveLength(1);
    const row = await t.db
      .selectFrom('reservations')
      .selectAll()
      .where('id', '=', reservationId)
      .executeTakeFirst();
    expect(row).toMatchObject({ status: 'used', session_id: (await sessionsOf(charger.id))[0]?.id });
  });

  it("shows the charger's refusal: a connector in use is Occupied, one it does not have Rejected", async () => {
    const { as, card, charger, sim, list } = await aReservableCharger();
    await sim.plugIn(2);
    await sim.presentCard(card.cardId, 2);
    const busy = await as(path('add'), {
      chargerId: charger.id,
      connectorId: 2,
      idTag: card.cardId,
      expiryDate: inMinutes(30),
    });
    expect(busy).toMatchObject({ status: 200, data: { status: 'Occupied', reservation: null } });
    const missing = await as(path('add'), {
      chargerId: charger.id,
      connectorId: 7,
      idTag: card.cardId,
      expiryDate: inMinutes(30),
    });
    expect(missing).toMatchObject({ data: { status: 'Rejected', reservation: null } });
    expect(await list()).toEqual([]);
  });

  it('reserves any connector with connector 0, used by the card on whichever it starts', async () => {
    const { as, card, charger, sim, list } = await aReservableCharger();
    const answer = await as(path('add'), {
      chargerId: charger.id,
      connectorId: 0,
      idTag: card.cardId,
      expiryDate: inMinutes(30),
    });
    expect(answer).toMatchObject({ data: { status: 'Accepted' } });
    await sim.plugIn(2);
    await sim.presentCard(card.cardId, 2);
    await vi.waitFor(async () => expect(await list()).toEqual([]));
  });

  it('ends at its expiry: no longer listed, and the connector is Available again', async () => {
    const { as, card, charger, list } = await aReservableCharger();
    const expiryDate = new Date(Date.now() + 1500).toISOString();
    await as(path('add'), { chargerId: charger.id, connectorId: 1, idTag: card.cardId, expiryDate });
    await vi.waitFor(async () => expect(await ocppStatusOf(charger.id, 1)).toBe('Reserved'));
    await vi.waitFor(async () => expect(await ocppStatusOf(charger.id, 1)).toBe('Available'), {
      timeout: 4000,
    });
    expect(await list()).toEqual([]);
  });

  it('is cancelled (CancelReservation), and a second cancel finds nothing', async () => {
    const { as, card, charger, list } = await aReservableCharger();
    const answer = (await as(path('add'), {
      chargerId: charger.id,
      connectorId: 1,
      idTag: card.cardId,
      expiryDate: inMinutes(30),
    })) as { data: { reservation: { id: number } } };
    const reservationId = answer.data.reservation.id;
    await vi.waitFor(async () => expect(await ocppStatusOf(charger.id, 1)).toBe('Reserved'));
    expect(await as(path('cancel'), { chargerId: charger.id, reservationId })).toMatchObject({
      status: 200,
      data: { status: 'Accepted' },
    });
    await vi.waitFor(async () => expect(await ocppStatusOf(charger.id, 1)).toBe('Available'));
    expect(await list()).toEqual([]);
    expect(await as(path('cancel'), { chargerId: charger.id, reservationId })).toMatchObject({
      status: codes.operationFailed,
    });
  });

  it('refuses a card that is not the site’s or is recycled, an end in the past, and an offline charger', async () => {
    const { op, as, card, charger, sim } = await aReservableCharger();
    const body = { chargerId: charger.id, connectorId: 1, expiryDate: inMinutes(30) };
    expect(await as(path('add'), { ...body, idTag: 'NOTACARD' })).toMatchObject({
      status: codes.operationFailed,
    });
    const old = await aCard(t.db, op.stationId);
    await recycle(t.db, op.stationId, old.id);
    expect(await as(path('add'), { ...body, idTag: old.cardId })).toMatchObject({
      status: codes.operationFailed,
    });
    expect(await as(path('add'), { ...body, idTag: card.cardId, expiryDate: inMinutes(-1) })).toMatchObject({
      status: codes.invalidInput,
    });
    expect(await as(path('add'), { ...body, connectorId: -1, idTag: card.cardId })).toMatchObject({
      status: codes.invalidInput,
    });
    await sim.stop();
    await vi.waitFor(() => expect(t.app.ocpp.registry.isConnected(charger.product_code)).toBe(false));
    expect(await as(path('add'), { ...body, idTag: card.cardId })).toMatchObject({
      status: codes.chargerOffline,
    });
  });
});
