import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { listeningApp, simulators, type OcppTestApp } from '../../ocpp/ocpp.fixtures.ts';
import { aProductCode, anOperatorWithSite, callerFor, chargerCall } from './chargers.fixtures.ts';

// What a charger's status says after faults, reboots and firmware updates, over a real WebSocket (issue 19).
let t: OcppTestApp;
const sims = simulators(() => t.url);

beforeAll(async () => {
  // A short heartbeat: a booted charger that reports nothing is asked for its statuses after 300 ms.
  t = await listeningApp({ ocppHeartbeatInterval: 0.3, chargerWaitTimeout: 2 });
});
afterEach(() => sims.stopAll());
afterAll(() => t.close());

async function aCharger(options: { firmwareVersion?: string; connectors?: number } = {}) {
  const op = await anOperatorWithSite(t.db);
  const as = callerFor(t.app, op);
  const productCode = aProductCode();
  const added = await as(chargerCall('add'), { productCode, pin: '1234' });
  const chargerId = added.data.id;
  const received: string[] = [];
  const sim = sims.make(
    { product_code: productCode, pin: '1234' },
    {
      ...options,
      log: (line) => {
        if (line.startsWith('⇐ ')) received.push(line.slice(2));
      },
    },
  );
  const detail = async () => (await as(chargerCall('detail'), { chargerId })).data;
  return { ...op, as, chargerId, sim, received, detail };
}

/** A boot without the StatusNotifications that usually follow it. */
const bootOnly = (sim: ReturnType<typeof sims.make>, firmwareVersion = sim.firmwareVersion) =>
  sim.call('BootNotification', {
    chargePointVendor: 'Plugboard',
    chargePointModel: 'Simulator',
    firmwareVersion,
  });

describe('a charger recovering from a fault', () => {
  it('is not available while connector 0 goes from Faulted to Unavailable, and a start is refused', async () => {
    const c = await aCharger();
    await c.sim.boot();
    await c.sim.setStatus(0, 'Faulted', 'GroundFailure');
    expect(await c.detail()).toMatchObject({ status: 'faulted', errorCode: 'GroundFailure' });
    await c.sim.setStatus(0, 'Unavailable');
    expect((await c.detail()).status).toBe('recoveringFromFault');
    expect((await c.as(chargerCall('start'), { chargerId: c.chargerId })).status).toBe(7006);
    expect(c.received.some((l) => l.startsWith('RemoteStartTransaction'))).toBe(false);
    await c.sim.setStatus(0, 'Available');
    expect((await c.detail()).status).toBe('available');
  });
});

describe('a charger that boots without reporting its connectors', () => {
  it('shows online rather than its old status, and is asked for its statuses with TriggerMessage', async () => {
    const c = await aCharger();
    await c.sim.boot();
    await c.sim.setStatus(1, 'Faulted', 'GroundFailure');
    expect((await c.detail()).status).toBe('faulted');
    // It restarts, repaired, and boots; this one does not answer TriggerMessage.
    const asked: unknown[] = [];
    c.sim.client.handle('TriggerMessage', ({ params }) => {
      asked.push(params);
      return Promise.resolve({ status: 'NotImplemented' });
    });
    c.sim.connector(1).status = 'Available';
    await c.sim.client.close({ code: 1000 });
    await vi.waitFor(async () => expect((await c.detail()).connected).toBe(false));
    await c.sim.connect();
    await bootOnly(c.sim);
    expect(await c.detail()).toMatchObject({ connected: true, status: 'online', errorCode: null });
    await vi.waitFor(() => expect(asked).toEqual([{ requestedMessage: 'StatusNotification' }]));
    expect((await c.detail()).status).toBe('online');
  });

  it('takes the statuses the charger sends when asked', async () => {
    const c = await aCharger();
    await c.sim.connect();
    await bootOnly(c.sim);
    expect((await c.detail()).status).toBe('online');
    await vi.waitFor(async () => expect((await c.detail()).status).toBe('available'));
    expect(c.received).toContainEqual(expect.stringMatching(/^TriggerMessage/));
  });

  it('is still asked when all it sends after the boot is a status from before it (its offline queue)', async () => {
    const c = await aCharger();
    await c.sim.boot();
    await c.sim.client.close({ code: 1000 });
    await vi.waitFor(async () => expect((await c.detail()).connected).toBe(false));
    await c.sim.connect();
    const before = new Date(Date.now() - 60_000).toISOString();
    await bootOnly(c.sim);
    await c.sim.call('StatusNotification', {
      connectorId: 1,
      status: 'Charging',
      errorCode: 'NoError',
      timestamp: before,
    });
    await vi.waitFor(() => expect(c.received).toContainEqual(expect.stringMatching(/^TriggerMessage/)));
  });

  it('is not asked when it reports its connectors itself', async () => {
    const c = await aCharger();
    await c.sim.boot();
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(c.received.some((l) => l.startsWith('TriggerMessage'))).toBe(false);
  });
});

describe('a firmware update the charger did not finish reporting', () => {
  it('is settled Installed by the version of the next boot', async () => {
    const c = await aCharger({ firmwareVersion: '1.0.0' });
    await c.sim.boot();
    await c.sim.call('FirmwareStatusNotification', { status: 'Installing' });
    expect((await c.detail()).firmwareStatus).toBe('Installing');
    await bootOnly(c.sim, '2.0.0');
    expect(await c.detail()).toMatchObject({ firmwareVersion: '2.0.0', firmwareStatus: 'Installed' });
  });

  it('refuses a reboot while an update is under way (1039), and sends no Reset', async () => {
    const c = await aCharger();
    await c.sim.boot();
    await c.sim.call('FirmwareStatusNotification', { status: 'Downloading' });
    expect(await c.as(chargerCall('reboot'), { chargerId: c.chargerId, type: 'Soft' })).toMatchObject({
      status: 1039,
      msg: 'A firmware update is under way: reboot once it has been installed',
    });
    expect(c.received.some((l) => l.startsWith('Reset'))).toBe(false);
  });
});
