import { randomBytes } from 'node:crypto';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { aCharger } from '../modules/chargers/chargers.fixtures.ts';
import { aCard } from '../modules/cards/cards.fixtures.ts';
import { chargerService } from '../modules/chargers/chargers.service.ts';
import { listeningApp, simulators, type OcppTestApp, storedRows } from './ocpp.fixtures.ts';

// The central system's commands through the connection registry, answered by the simulator as a charger would.
let t: OcppTestApp;
const sims = simulators(() => t.url);

beforeAll(async () => {
  t = await listeningApp();
});
afterEach(() => sims.stopAll());
afterAll(() => t.close());

const { chargerRow, sessionsOf } = storedRows(() => t.db);

describe('commands to a simulated charger', () => {
  it('RemoteStartTransaction and RemoteStopTransaction start and stop a session', async () => {
    const charger = await aCharger(t.db);
    const sim = sims.make(charger);
    await sim.boot();
    const send = t.app.ocpp.registry.send;
    expect(await send(charger.product_code, 'RemoteStartTransaction', { idTag: 'APP-1' })).toEqual({
      status: 'Accepted',
    });
    const [session] = await vi.waitFor(async () => {
      const rows = await sessionsOf(charger.id);
      expect(rows).toHaveLength(1);
      return rows;
    });
    expect(session).toMatchObject({ id_tag: 'APP-1', status: 'ongoing' });
    // The row is committed before the charger reads the StartTransaction answer; a real charger only stops a
    // transaction it knows.
    await vi.waitFor(() => expect(sim.connector(1).transactionId).toBe(Number(session!.transaction_id)));

    expect(
      await send(charger.product_code, 'RemoteStopTransaction', {
        transactionId: Number(session!.transaction_id),
      }),
    ).toEqual({ status: 'Accepted' });
    await vi.waitFor(async () =>
      expect((await sessionsOf(charger.id))[0]).toMatchObject({ status: 'complete', stop_reason: 'Remote' }),
    );
    expect(await send(charger.product_code, 'RemoteStopTransaction', { transactionId: 1 })).toEqual({
      status: 'Rejected',
    });
  });

  it('UpdateFirmware reports each step and the charger comes back with the new version', async () => {
    const charger = await aCharger(t.db);
    const sim = sims.make(charger, { firmwareVersion: '1.0.0' });
    await sim.boot();
    const seen: string[] = [];
    const unsubscribe = t.app.events.subscribe('charger.status', (e) => {
      // Every charger.status event carries the firmware status; keep its changes.
      if (e.chargerId === charger.id && e.firmwareStatus && e.firmwareStatus !== seen.at(-1)) {
        seen.push(e.firmwareStatus);
      }
    });
    await t.app.ocpp.registry.send(charger.product_code, 'UpdateFirmware', {
      location: 'https://firmware.example/charger-2.1.0.bin',
      retrieveDate: new Date().toISOString(),
    });
    await vi.waitFor(async () => expect((await chargerRow(charger.id)).firmware_version).toBe('2.1.0'), {
      timeout: 5000,
    });
    unsubscribe();
    expect(seen).toEqual(['Downloading', 'Downloaded', 'Installing', 'Installed']);
    expect((await chargerRow(charger.id)).firmware_status).toBe('Installed');
  });

  it('Reset makes the charger reconnect and boot again', async () => {
    const charger = await aCharger(t.db);
    const sim = sims.make(charger);
    await sim.boot();
    const bootedAt = (await chargerRow(charger.id)).booted_at!;
    await t.app.ocpp.registry.send(charger.product_code, 'Reset', { type: 'Soft' });
    await vi.waitFor(async () => expect((await chargerRow(charger.id)).booted_at! > bootedAt).toBe(true));
    expect(await chargerRow(charger.id)).toMatchObject({ connected: true });
  });

  it('ChangeConfiguration AuthorizationKey gives the charger the key it connects with from then on', async () => {
    const charger = await aCharger(t.db);
    const sim = sims.make(charger);
    await sim.boot();
    // The operator resets the PIN: the server stores the new key and tells the charger, hex-encoded (16 bytes).
    const key = randomBytes(16).toString('hex');
    await chargerService({ db: t.db, events: t.app.events, now: t.clock.now }).setPin(charger.id, key);
    expect(
      await t.app.ocpp.registry.send(charger.product_code, 'ChangeConfiguration', {
        key: 'AuthorizationKey',
        value: key,
      }),
    ).toEqual({ status: 'Accepted' });
    expect(sim.password).toBe(key);
    // From the next connection on it presents the decoded bytes (security whitepaper), which the server takes.
    await sim.reboot();
    await vi.waitFor(() => expect(t.app.ocpp.registry.isConnected(charger.product_code)).toBe(true));
    await expect(sims.make(charger).connect()).rejects.toMatchObject({ code: 401 }); // the old PIN
  });

  it('SetChargingProfile limits the power of the simulated car', async () => {
    const charger = await aCharger(t.db);
    const sim = sims.make(charger, { carPowerW: 11_000 });
    await sim.boot();
    await sim.plugIn(1);
    await sim.presentCard((await aCard(t.db, charger.station_id)).cardId, 1);
    const { transactionId } = sim.connector(1);
    await t.app.ocpp.registry.send(charger.product_code, 'SetChargingProfile', {
      connectorId: 1,
      csChargingProfiles: {
        chargingProfileId: 7,
        transactionId: transactionId!,
        stackLevel: 0,
        chargingProfilePurpose: 'TxProfile',
        chargingProfileKind: 'Relative',
        chargingSchedule: { chargingRateUnit: 'A', chargingSchedulePeriod: [{ startPeriod: 0, limit: 10 }] },
      },
    });
    await vi.waitFor(async () => {
      const last = await t.db
        .selectFrom('meter_values')
        .select('power_w')
        .where('charger_id', '=', charger.id)
        .orderBy('id', 'desc')
        .executeTakeFirst();
      expect(last?.power_w).toBe(10 * 230 * 3);
    });
  });

  it('TriggerMessage makes the charger send the message asked for', async () => {
    const charger = await aCharger(t.db);
    const sim = sims.make(charger, { firmwareVersion: '3.3.3' });
    await sim.boot();
    await t.db.updateTable('chargers').set({ firmware_version: null }).where('id', '=', charger.id).execute();
    expect(
      await t.app.ocpp.registry.send(charger.product_code, 'TriggerMessage', {
        requestedMessage: 'BootNotification',
      }),
    ).toEqual({ status: 'Accepted' });
    await vi.waitFor(async () => expect((await chargerRow(charger.id)).firmware_version).toBe('3.3.3'));
  });
});
