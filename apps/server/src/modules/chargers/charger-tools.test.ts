import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { listeningApp, simulators, type OcppTestApp } from '../../ocpp/ocpp.fixtures.ts';
import { aCard } from '../cards/cards.fixtures.ts';
import { aProductCode, anOperatorWithSite, callerFor, chargerCall } from './chargers.fixtures.ts';

// The console's OCPP troubleshooting operations, answered over a real WebSocket by the charger simulator.
let t: OcppTestApp;
const sims = simulators(() => t.url);

beforeAll(async () => {
  t = await listeningApp();
});
afterEach(() => sims.stopAll());
afterAll(() => t.close());

async function aConnectedCharger(options: { connectors?: number; connect?: boolean } = {}) {
  const op = await anOperatorWithSite(t.db);
  const as = callerFor(t.app, op);
  const productCode = aProductCode();
  const added = await as(chargerCall('add'), { productCode, pin: '1234' });
  const chargerId = added.data.id;
  const received: string[] = [];
  const sent: string[] = [];
  const sim = sims.make(
    { product_code: productCode, pin: '1234' },
    {
      connectors: options.connectors ?? 1,
      log: (line) => {
        if (line.startsWith('⇐ ')) received.push(line.slice(2));
        if (line.startsWith('→ ')) sent.push(line.slice(2));
      },
    },
  );
  if (options.connect !== false) await sim.boot();
  const detail = async () => (await as(chargerCall('detail'), { chargerId })).data;
  return { ...op, as, chargerId, sim, received, sent, detail };
}

describe('ChangeAvailability', () => {
  it('makes a connector inoperative and operative again, and the console shows it', async () => {
    const c = await aConnectedCharger({ connectors: 2 });
    const off = await c.as(chargerCall('availability'), {
      chargerId: c.chargerId,
      connectorId: 2,
      type: 'Inoperative',
    });
    expect(off).toMatchObject({ status: 200, data: { status: 'Accepted' } });
    expect(c.received).toContainEqual('ChangeAvailability {"connectorId":2,"type":"Inoperative"}');
    await vi.waitFor(async () =>
      expect((await c.detail()).connectors).toContainEqual(
        expect.objectContaining({ connectorId: 2, status: 'unavailable' }),
      ),
    );
    await c.as(chargerCall('availability'), { chargerId: c.chargerId, connectorId: 2, type: 'Operative' });
    await vi.waitFor(async () =>
      expect((await c.detail()).connectors).toContainEqual(
        expect.objectContaining({ connectorId: 2, status: 'available' }),
      ),
    );
  });

  it('answers Scheduled for the whole charger while it charges, and applies it once the transaction ends', async () => {
    const c = await aConnectedCharger();
    await c.sim.plugIn(1);
    await c.sim.presentCard((await aCard(t.db, c.stationId)).cardId, 1);
    const answer = await c.as(chargerCall('availability'), {
      chargerId: c.chargerId,
      connectorId: 0,
      type: 'Inoperative',
    });
    expect(answer.data).toEqual({ status: 'Scheduled' });
    expect((await c.detail()).status).toBe('charging');
    await c.sim.stopTransaction(1);
    await vi.waitFor(async () => expect((await c.detail()).status).toBe('unavailable'), { timeout: 5000 });
  });

  it('answers Rejected for a connector the charger does not have', async () => {
    const c = await aConnectedCharger();
    const answer = await c.as(chargerCall('availability'), {
      chargerId: c.chargerId,
      connectorId: 5,
      type: 'Inoperative',
    });
    expect(answer.data).toEqual({ status: 'Rejected' });
  });
});

describe('UnlockConnector', () => {
  it('stops the transaction on the connector first, then answers Unlocked', async () => {
    const c = await aConnectedCharger();
    await c.sim.plugIn(1);
    await c.sim.presentCard((await aCard(t.db, c.stationId)).cardId, 1);
    const answer = await c.as(chargerCall('unlock'), { chargerId: c.chargerId, connectorId: 1 });
    expect(answer.data).toEqual({ status: 'Unlocked' });
    await vi.waitFor(() =>
      expect(c.sent.some((l) => l.startsWith('StopTransaction') && l.includes('UnlockCommand'))).toBe(true),
    );
  });

  it('refuses connector 0 in the contract (4129), sending nothing', async () => {
    const c = await aConnectedCharger();
    const answer = await c.as(chargerCall('unlock'), { chargerId: c.chargerId, connectorId: 0 });
    expect(answer.status).toBe(4129);
    expect(c.received.some((l) => l.startsWith('UnlockConnector'))).toBe(false);
  });
});

describe('ClearCache', () => {
  it("answers the charger's status", async () => {
    const c = await aConnectedCharger();
    expect((await c.as(chargerCall('cache/clear'), { chargerId: c.chargerId })).data).toEqual({
      status: 'Accepted',
    });
    expect(c.received).toContainEqual('ClearCache {}');
  });
});

describe('TriggerMessage', () => {
  it.each([
    'BootNotification',
    'DiagnosticsStatusNotification',
    'FirmwareStatusNotification',
    'Heartbeat',
    'MeterValues',
    'StatusNotification',
  ] as const)('asks for %s, and the charger sends it after its answer', async (requestedMessage) => {
    const c = await aConnectedCharger();
    const before = c.sent.filter((l) => l.startsWith(`${requestedMessage} `)).length;
    const answer = await c.as(chargerCall('trigger'), { chargerId: c.chargerId, requestedMessage });
    expect(answer.data).toEqual({ status: 'Accepted' });
    await vi.waitFor(() =>
      expect(c.sent.filter((l) => l.startsWith(`${requestedMessage} `)).length).toBeGreaterThan(before),
    );
  });

  it('answers Rejected for a connector the charger does not have', async () => {
    const c = await aConnectedCharger();
    const answer = await c.as(chargerCall('trigger'), {
      chargerId: c.chargerId,
      requestedMessage: 'StatusNotification',
      connectorId: 3,
    });
    expect(answer.data).toEqual({ status: 'Rejected' });
  });
});

describe('configuration', () => {
  it('reads every key with read-only ones marked, and lists the unknown keys asked for', async () => {
    const c = await aConnectedCharger();
    const all = await c.as(chargerCall('configuration/read'), { chargerId: c.chargerId });
    expect(all.status).toBe(200);
    expect(all.data.keys).toContainEqual({ key: 'NumberOfConnectors', readonly: true, value: '1' });
    expect(all.data.keys).toContainEqual(
      expect.objectContaining({ key: 'HeartbeatInterval', readonly: false }),
    );
    expect(all.data.unknownKeys).toEqual([]);
    const some = await c.as(chargerCall('configuration/read'), {
      chargerId: c.chargerId,
      keys: ['HeartbeatInterval', 'NoSuchKey'],
    });
    expect(some.data.keys.map((k: { key: string }) => k.key)).toEqual(['HeartbeatInterval']);
    expect(some.data.unknownKeys).toEqual(['NoSuchKey']);
  });

  it('changes a key and answers each of Accepted, RebootRequired, Rejected and NotSupported as the charger does', async () => {
    const c = await aConnectedCharger();
    const change = (key: string, value: string) =>
      c.as(chargerCall('configuration/change'), { chargerId: c.chargerId, key, value });
    expect((await change('HeartbeatInterval', '120')).data).toEqual({ status: 'Accepted' });
    const read = await c.as(chargerCall('configuration/read'), {
      chargerId: c.chargerId,
      keys: ['HeartbeatInterval'],
    });
    expect(read.data.keys).toEqual([{ key: 'HeartbeatInterval', readonly: false, value: '120' }]);
    expect((await change('WebSocketPingInterval', '30')).data).toEqual({ status: 'RebootRequired' });
    expect((await change('ConnectionTimeOut', 'soon')).data).toEqual({ status: 'Rejected' });
    expect((await change('NumberOfConnectors', '4')).data).toEqual({ status: 'Rejected' });
    expect((await change('NoSuchKey', 'x')).data).toEqual({ status: 'NotSupported' });
  });

  it('refuses AuthorizationKey (reset PIN sends it), sending nothing', async () => {
    const c = await aConnectedCharger();
    const answer = await c.as(chargerCall('configuration/change'), {
      chargerId: c.chargerId,
      key: 'AuthorizationKey',
      value: 'a1'.repeat(16),
    });
    expect(answer.status).toBe(4129);
    expect(c.received.some((l) => l.startsWith('ChangeConfiguration'))).toBe(false);
  });

  it('answers 1003 for a charger that is not connected', async () => {
    const c = await aConnectedCharger({ connect: false });
    expect((await c.as(chargerCall('configuration/read'), { chargerId: c.chargerId })).status).toBe(1003);
  });
});
