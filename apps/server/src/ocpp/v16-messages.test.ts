import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { AppEvents } from '../lib/event-bus.ts';
import { aCard } from '../modules/cards/cards.fixtures.ts';
import { aCharger } from '../modules/chargers/chargers.fixtures.ts';
import { listeningApp, simulators, type OcppTestApp, storedRows } from './ocpp.fixtures.ts';

let t: OcppTestApp;
const sims = simulators(() => t.url);

beforeAll(async () => {
  t = await listeningApp();
});
afterEach(() => sims.stopAll());
afterAll(() => t.close());

/** A registered charger with a booted simulator. */
async function aBootedCharger(options: Parameters<typeof sims.make>[1] = {}) {
  const charger = await aCharger(t.db);
  const sim = sims.make(charger, options);
  await sim.boot();
  return { charger, sim };
}

const { chargerRow, sessionsOf } = storedRows(() => t.db);

function recorded<E extends keyof AppEvents>(event: E) {
  const seen: AppEvents[E][] = [];
  const unsubscribe = t.app.events.subscribe(event, (payload) => seen.push(payload));
  // Events come through the database: those committed before the end are waited for.
  return { seen, unsubscribe: () => t.app.events.caughtUp().then(unsubscribe) };
}

describe('BootNotification', () => {
  it('stores vendor, model, serial number and firmware, and accepts with the heartbeat interval', async () => {
    const charger = await aCharger(t.db);
    const sim = sims.make(charger, {
      vendor: 'Alfen',
      model: 'Eve Single',
      serialNumber: 'ACE0012345',
      firmwareVersion: '6.4.2',
    });
    const answer = await sim.boot();
    expect(answer).toMatchObject({ status: 'Accepted', interval: 60 });
    expect(Math.abs(Date.parse(answer.currentTime) - Date.now())).toBeLessThan(5000);
    expect(await chargerRow(charger.id)).toMatchObject({
      vendor: 'Alfen',
      model: 'Eve Single',
      serial_number: 'ACE0012345',
      firmware_version: '6.4.2',
    });
  });
});

describe('StatusNotification', () => {
  it('sets the connector status and, from it, the charger status and error code', async () => {
    const { charger, sim } = await aBootedCharger();
    // Events arrive through the database: the boot's come before these.
    await t.app.events.caughtUp();
    const events = recorded('charger.status');
    expect((await chargerRow(charger.id)).status).toBe('available');

    await sim.setStatus(1, 'Preparing');
    expect((await chargerRow(charger.id)).status).toBe('ready');
    await sim.setStatus(1, 'SuspendedEV');
    expect((await chargerRow(charger.id)).status).toBe('waitingForEv');

    await sim.setStatus(1, 'Faulted', 'GroundFailure');
    expect(await chargerRow(charger.id)).toMatchObject({ status: 'faulted', error_code: 'GroundFailure' });
    const connector = await t.db
      .selectFrom('connectors')
      .selectAll()
      .where('charger_id', '=', charger.id)
      .where('connector_id', '=', 1)
      .executeTakeFirstOrThrow();
    expect(connector).toMatchObject({
      status: 'faulted',
      ocpp_status: 'Faulted',
      error_code: 'GroundFailure',
    });

    await sim.setStatus(1, 'Unavailable');
    expect((await chargerRow(charger.id)).status).toBe('recoveringFromFault');
    await sim.setStatus(1, 'Available');
    expect(await chargerRow(charger.id)).toMatchObject({ status: 'available', error_code: null });

    await events.unsubscribe();
    expect(events.seen.map((e) => e.status)).toEqual([
      'ready',
      'waitingForEv',
      'faulted',
      'recoveringFromFault',
      'available',
    ]);
    expect(events.seen[2]).toMatchObject({
      chargerId: charger.id,
      stationId: charger.station_id,
      connector: { connectorId: 1, ocppStatus: 'Faulted', errorCode: 'GroundFailure' },
    });
  });
});

describe('MeterValues', () => {
  it('stores energy (Wh or kWh), power and the current of each phase', async () => {
    const { charger, sim } = await aBootedCharger();
    await sim.call('MeterValues', {
      connectorId: 1,
      meterValue: [
        {
          timestamp: '2026-03-01T10:00:00.000Z',
          sampledValue: [
            { value: '12.345', measurand: 'Energy.Active.Import.Register', unit: 'kWh' },
            { value: '7.2', measurand: 'Power.Active.Import', unit: 'kW' },
            { value: '10.5', measurand: 'Current.Import', phase: 'L1', unit: 'A' },
            { value: '10.4', measurand: 'Current.Import', phase: 'L2', unit: 'A' },
            { value: '10.3', measurand: 'Current.Import', phase: 'L3', unit: 'A' },
            { value: '230', measurand: 'Voltage', phase: 'L1-N', unit: 'V' },
          ],
        },
        // No measurand: the energy register, in Wh.
        { timestamp: '2026-03-01T10:01:00.000Z', sampledValue: [{ value: '12400' }] },
      ],
    });
    const rows = await t.db
      .selectFrom('meter_values')
      .selectAll()
      .where('charger_id', '=', charger.id)
      .orderBy('sampled_at')
      .execute();
    expect(rows).toMatchObject([
      {
        connector_id: 1,
        session_id: null,
        sampled_at: new Date('2026-03-01T10:00:00.000Z'),
        energy_wh: 12345,
        power_w: 7200,
        current_l1: 10.5,
        current_l2: 10.4,
        current_l3: 10.3,
      },
      { energy_wh: 12400, power_w: null, current_l1: null },
    ]);
  });
});

// The card rules (Accepted, Blocked, Invalid, start-by, group snapshot) are tested in modules/cards.
describe('Authorize', () => {
  it("accepts a card of the charger's site and answers Invalid for any other id tag", async () => {
    const { charger, sim } = await aBootedCharger();
    await aCard(t.db, charger.station_id, { cardId: 'CARD1' });
    expect(await sim.call('Authorize', { idTag: 'CARD1' })).toEqual({ idTagInfo: { status: 'Accepted' } });
    expect(await sim.call('Authorize', { idTag: 'ANY-CARD' })).toEqual({ idTagInfo: { status: 'Invalid' } });
  });
});

describe('StartTransaction', () => {
  it('creates the session before answering, and a replay gets the same transactionId', async () => {
    const { charger, sim } = await aBootedCharger();
    await aCard(t.db, charger.station_id, { cardId: 'CARD1' });
    const started = recorded('session.started');
    const request = {
      connectorId: 1,
      idTag: 'CARD1',
      meterStart: 1500,
      timestamp: '2026-03-01T09:00:00.000Z',
    };
    const first = await sim.call('StartTransaction', request);
    // Read right after the answer: the row must already be committed.
    const [session] = await sessionsOf(charger.id);
    expect(session).toMatchObject({
      id: first.transactionId,
      transaction_id: String(first.transactionId),
      station_id: charger.station_id,
      connector_id: 1,
      id_tag: 'CARD1',
      start_time: new Date('2026-03-01T09:00:00.000Z'),
      meter_start_wh: 1500,
      status: 'ongoing',
      start_by: 'rfid',
    });
    expect(first.idTagInfo.status).toBe('Accepted');

    const replay = await sim.call('StartTransaction', request);
    expect(replay.transactionId).toBe(first.transactionId);
    expect(await sessionsOf(charger.id)).toHaveLength(1);
    await started.unsubscribe();
    expect(started.seen).toHaveLength(1);
  });

  it('closes a session the charger never stopped when a new one starts on the same connector', async () => {
    const { charger, sim } = await aBootedCharger();
    const old = await sim.call('StartTransaction', {
      connectorId: 1,
      idTag: 'CARD1',
      meterStart: 100,
      timestamp: '2026-03-01T08:00:00.000Z',
    });
    await sim.call('StartTransaction', {
      connectorId: 1,
      idTag: 'CARD2',
      meterStart: 900,
      timestamp: '2026-03-01T09:00:00.000Z',
    });
    const [first, second] = await sessionsOf(charger.id);
    expect(first).toMatchObject({
      id: old.transactionId,
      status: 'complete',
      stop_reason: 'replacedByNewTransaction',
    });
    expect(second?.status).toBe('ongoing');
  });
});

describe('StopTransaction', () => {
  it('completes the session with end time, meter stop and energy, and keeps its transaction data', async () => {
    const { charger, sim } = await aBootedCharger();
    await aCard(t.db, charger.station_id, { cardId: 'CARD1' });
    const stopped = recorded('session.stopped');
    const { transactionId } = await sim.call('StartTransaction', {
      connectorId: 1,
      idTag: 'CARD1',
      meterStart: 1000,
      timestamp: '2026-03-01T09:00:00.000Z',
    });
    const answer = await sim.call('StopTransaction', {
      transactionId,
      idTag: 'CARD1',
      meterStop: 8500,
      timestamp: '2026-03-01T10:00:00.000Z',
      reason: 'EVDisconnected',
      transactionData: [
        {
          timestamp: '2026-03-01T09:30:00.000Z',
          sampledValue: [{ value: '4000', measurand: 'Energy.Active.Import.Register', unit: 'Wh' }],
        },
      ],
    });
    expect(answer).toEqual({ idTagInfo: { status: 'Accepted' } });
    expect((await sessionsOf(charger.id))[0]).toMatchObject({
      status: 'complete',
      end_time: new Date('2026-03-01T10:00:00.000Z'),
      meter_stop_wh: 8500,
      energy_wh: 7500,
      stop_reason: 'EVDisconnected',
      flags: [],
    });
    const readings = await t.db
      .selectFrom('meter_values')
      .selectAll()
      .where('session_id', '=', transactionId)
      .execute();
    expect(readings).toMatchObject([{ energy_wh: 4000 }]);

    // The same stop again (the charger did not get our answer) changes nothing.
    await sim.call('StopTransaction', {
      transactionId,
      meterStop: 9999,
      timestamp: '2026-03-01T11:00:00.000Z',
    });
    expect((await sessionsOf(charger.id))[0]).toMatchObject({ meter_stop_wh: 8500, energy_wh: 7500 });
    await stopped.unsubscribe();
    expect(stopped.seen).toMatchObject([{ sessionId: transactionId, energyWh: 7500 }]);
  });

  it('accepts a stop of a transaction it never started and records it flagged, once', async () => {
    const { charger, sim } = await aBootedCharger();
    await aCard(t.db, charger.station_id, { cardId: 'CARD9' });
    const request = {
      transactionId: 987654,
      idTag: 'CARD9',
      meterStop: 5000,
      timestamp: '2026-03-01T10:00:00.000Z',
    };
    expect(await sim.call('StopTransaction', request)).toEqual({ idTagInfo: { status: 'Accepted' } });
    await sim.call('StopTransaction', request);
    const sessions = await sessionsOf(charger.id);
    expect(sessions).toHaveLength(1);
    expect(sessions[0]).toMatchObject({
      transaction_id: '987654',
      status: 'complete',
      flags: ['unknownTransaction'],
      start_by: 'unknown',
      meter_stop_wh: 5000,
      energy_wh: 0,
      id_tag: 'CARD9',
    });
  });
});

describe('a simulated charging session', () => {
  it('runs from card and cable to unplugging, with meter values on the session', async () => {
    const { charger, sim } = await aBootedCharger({ carPowerW: 36_000_000 }); // 10 Wh per millisecond
    await aCard(t.db, charger.station_id, { cardId: 'CARD-A' });
    await sim.plugIn(1);
    await sim.presentCard('CARD-A', 1);
    const [ongoing] = await sessionsOf(charger.id);
    expect(ongoing).toMatchObject({ status: 'ongoing', id_tag: 'CARD-A' });
    expect((await chargerRow(charger.id)).status).toBe('charging');

    await new Promise((resolve) => setTimeout(resolve, 50));
    await sim.sendMeterValues(1);
    await sim.unplug(1);

    const [done] = await sessionsOf(charger.id);
    expect(done).toMatchObject({ status: 'complete', stop_reason: 'EVDisconnected' });
    expect(done!.energy_wh).toBeGreaterThan(400);
    expect(done!.energy_wh).toBe(done!.meter_stop_wh! - done!.meter_start_wh);
    const readings = await t.db
      .selectFrom('meter_values')
      .selectAll()
      .where('session_id', '=', done!.id)
      .execute();
    expect(readings.length).toBeGreaterThanOrEqual(2);
    expect(readings[0]?.power_w).toBe(36_000_000);
    expect(readings[0]?.current_l1).toBeCloseTo(36_000_000 / (230 * 3), 0);
    expect((await chargerRow(charger.id)).status).toBe('available');
  });
});

describe('firmware and diagnostics notifications', () => {
  it('are stored on the charger', async () => {
    const { charger, sim } = await aBootedCharger();
    await sim.call('FirmwareStatusNotification', { status: 'Downloading' });
    await sim.call('DiagnosticsStatusNotification', { status: 'Uploaded' });
    expect(await chargerRow(charger.id)).toMatchObject({
      firmware_status: 'Downloading',
      diagnostics_status: 'Uploaded',
    });
  });
});

describe('DataTransfer', () => {
  it('answers UnknownVendorId for a vendor it does not know, not an error', async () => {
    const { sim } = await aBootedCharger();
    expect(await sim.call('DataTransfer', { vendorId: 'com.example', messageId: 'x', data: '{}' })).toEqual({
      status: 'UnknownVendorId',
    });
  });
});

describe('messages that break the protocol', () => {
  async function rawClient() {
    const charger = await aCharger(t.db);
    const client = sims.raw(charger.product_code, charger.pin);
    await client.connect();
    return client;
  }

  it('a payload of the wrong type gets the CALLERROR TypeConstraintViolation', async () => {
    const client = await rawClient();
    await expect(
      client.call('BootNotification', { chargePointVendor: 42, chargePointModel: 'X' }),
    ).rejects.toMatchObject({ rpcErrorCode: 'TypeConstraintViolation' });
  });

  it('a value too long gets FormationViolation, a missing field OccurenceConstraintViolation (1.6 spelling)', async () => {
    const client = await rawClient();
    await expect(
      client.call('BootNotification', { chargePointVendor: 'V'.repeat(21), chargePointModel: 'X' }),
    ).rejects.toMatchObject({ rpcErrorCode: 'FormationViolation' });
    await expect(client.call('StartTransaction', { connectorId: 1, idTag: 'A' })).rejects.toMatchObject({
      rpcErrorCode: 'OccurenceConstraintViolation',
    });
  });

  it('an action it does not handle gets NotImplemented', async () => {
    const client = await rawClient();
    await expect(client.call('MakeCoffee', {})).rejects.toMatchObject({ rpcErrorCode: 'NotImplemented' });
  });

  it('nothing is stored from a rejected message', async () => {
    const charger = await aCharger(t.db);
    const client = sims.raw(charger.product_code, charger.pin);
    await client.connect();
    await expect(
      client.call('StartTransaction', { connectorId: 1, idTag: 'A', meterStart: 'lots', timestamp: 'now' }),
    ).rejects.toMatchObject({ rpcErrorCode: 'TypeConstraintViolation' });
    await vi.waitFor(async () => expect((await chargerRow(charger.id)).connected).toBe(true));
    expect(await sessionsOf(charger.id)).toEqual([]);
  });
});
