import { once } from 'node:events';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { closeOnlineMessage, stopRejectedMessage } from '@plugboard/contract';
import { call } from '../../../test/helpers.ts';
import { listeningApp, simulators, type OcppTestApp } from '../../ocpp/ocpp.fixtures.ts';
import { aCard } from '../cards/cards.fixtures.ts';
import { saveTariff } from '../tariffs/tariffs.fixtures.ts';
import { chargerHolds } from './charger-holds.service.ts';
import { aProductCode, anOperatorWithSite, callerFor, chargerCall } from './chargers.fixtures.ts';

// The console's commands, answered over a real WebSocket by the charger simulator.
let t: OcppTestApp;
const sims = simulators(() => t.url);

beforeAll(async () => {
  // Start and stop wait 2 s for the charger (30 s by default), so that the test of a start that never comes is short.
  t = await listeningApp({ chargerWaitTimeout: 2 });
});
afterEach(() => sims.stopAll());
afterAll(() => t.close());

/** An operator's site with one charger added through the console, and a simulator for it that logs commands. */
async function aConnectedCharger(
  options: { connect?: boolean; firmwareVersion?: string; connectors?: number } = {},
) {
  const op = await anOperatorWithSite(t.db);
  const as = callerFor(t.app, op);
  const productCode = aProductCode();
  const added = await as(chargerCall('add'), { productCode, pin: '1234' });
  expect(added.status).toBe(200);
  const chargerId = added.data.id;
  const received: string[] = [];
  const sim = sims.make(
    { product_code: productCode, pin: '1234' },
    {
      ...(options.firmwareVersion && { firmwareVersion: options.firmwareVersion }),
      ...(options.connectors && { connectors: options.connectors }),
      log: (line) => {
        if (line.startsWith('⇐ ')) received.push(line.slice(2));
      },
    },
  );
  if (options.connect !== false) await sim.boot();
  const detail = async () => (await as(chargerCall('detail'), { chargerId })).data;
  return { ...op, as, chargerId, productCode, sim, received, detail };
}

describe('start', () => {
  it('starts a session on the charger and answers it, started by the remote app', async () => {
    const c = await aConnectedCharger();
    const answer = await c.as(chargerCall('start'), { chargerId: c.chargerId });
    expect(answer.status, answer.msg).toBe(200);
    expect(answer.data).toMatchObject({
      chargerId: c.chargerId,
      connectorId: 1,
      idTag: 'CONSOLE',
      startBy: 'remoteApp',
      status: 'ongoing',
      endTime: null,
    });
    // The answer may overtake the simulator's reading of its StartTransaction result.
    await vi.waitFor(() => expect(String(c.sim.connector(1).transactionId)).toBe(answer.data.transactionId));
    expect(c.received.some((l) => l.startsWith('RemoteStartTransaction'))).toBe(true);
    await vi.waitFor(async () =>
      expect(await c.detail()).toMatchObject({
        status: 'charging',
        ongoingSession: { id: answer.data.id, connectorId: 1 },
      }),
    );
  });

  it('answers 7007 for a charger that is not connected', async () => {
    const c = await aConnectedCharger({ connect: false });
    expect((await c.as(chargerCall('start'), { chargerId: c.chargerId })).status).toBe(7007);
  });

  it('answers 7000 while the connector is charging, and 7006 when it is faulted', async () => {
    const c = await aConnectedCharger();
    await c.sim.plugIn(1);
    await c.sim.presentCard((await aCard(t.db, c.stationId)).cardId, 1);
    expect((await c.as(chargerCall('start'), { chargerId: c.chargerId })).status).toBe(7000);

    const f = await aConnectedCharger();
    await f.sim.setStatus(1, 'Faulted', 'GroundFailure');
    expect((await f.as(chargerCall('start'), { chargerId: f.chargerId })).status).toBe(7006);
    expect(f.received.some((l) => l.startsWith('RemoteStartTransaction'))).toBe(false);
  });

  it('answers 7003 while the car holds the charging back, and 7008 when the connector is unavailable', async () => {
    const c = await aConnectedCharger();
    await c.sim.setStatus(1, 'SuspendedEV');
    expect((await c.as(chargerCall('start'), { chargerId: c.chargerId })).status).toBe(7003);
    await c.sim.setStatus(1, 'Unavailable');
    expect((await c.as(chargerCall('start'), { chargerId: c.chargerId })).status).toBe(7008);
  });

  it('answers 7001 when the charger accepts but does not start in time; a late start still counts as remote', async () => {
    const c = await aConnectedCharger();
    // A charger that waits for a cable nobody plugs in.
    c.sim.client.handle('RemoteStartTransaction', () => Promise.resolve({ status: 'Accepted' }));
    expect((await c.as(chargerCall('start'), { chargerId: c.chargerId })).status).toBe(7001);
    await c.sim.startTransaction(1, 'CONSOLE');
    await vi.waitFor(async () => expect((await c.detail()).ongoingSession).not.toBeNull());
    const session = await t.db
      .selectFrom('charging_sessions')
      .select('start_by')
      .where('charger_id', '=', c.chargerId)
      .executeTakeFirstOrThrow();
    expect(session.start_by).toBe('remoteApp');
  });

  it('answers 7002 when the charger rejects the start', async () => {
    const c = await aConnectedCharger();
    // A transaction the server has not heard of yet: the simulator knows the connector is busy and rejects.
    c.sim.connector(1).transactionId = 999_999;
    expect((await c.as(chargerCall('start'), { chargerId: c.chargerId })).status).toBe(7002);
  });
});

describe('a charger that authorizes remote starts (AuthorizeRemoteTxRequests)', () => {
  it("accepts the console's id tag in Authorize, StartTransaction and StopTransaction", async () => {
    const c = await aConnectedCharger();
    const answers: string[] = [];
    c.sim.client.handle('RemoteStartTransaction', ({ params }) => {
      const { connectorId = 1, idTag } = params as { connectorId?: number; idTag: string };
      setTimeout(() => {
        void (async () => {
          const { idTagInfo } = await c.sim.call('Authorize', { idTag });
          answers.push(`Authorize ${idTagInfo.status}`);
          if (idTagInfo.status !== 'Accepted') return;
          const started = await c.sim.startTransaction(connectorId, idTag);
          answers.push(`StartTransaction ${started.idTagInfo.status}`);
        })();
      }, 0);
      return Promise.resolve({ status: 'Accepted' });
    });
    const started = await c.as(chargerCall('start'), { chargerId: c.chargerId });
    expect(started.status, started.msg).toBe(200);
    await vi.waitFor(() => expect(answers).toHaveLength(2));
    expect(answers).toEqual(['Authorize Accepted', 'StartTransaction Accepted']);
    const stopped = await c.sim.stopTransaction(1, 'Local');
    expect(stopped?.idTagInfo?.status).toBe('Accepted');
    // Without a console start waiting, the same id tag is a stranger's.
    expect((await c.sim.call('Authorize', { idTag: started.data.idTag })).idTagInfo.status).toBe('Invalid');
  });
});

describe('stop', () => {
  it('stops the ongoing session and answers it complete', async () => {
    const c = await aConnectedCharger();
    const started = await c.as(chargerCall('start'), { chargerId: c.chargerId });
    await vi.waitFor(() => expect(String(c.sim.connector(1).transactionId)).toBe(started.data.transactionId));
    const stopped = await c.as(chargerCall('stop'), { chargerId: c.chargerId });
    expect(stopped.status, stopped.msg).toBe(200);
    expect(stopped.data).toMatchObject({ id: started.data.id, status: 'complete', stopReason: 'Remote' });
    expect(stopped.data.endTime).not.toBeNull();
  });

  it('answers 1039 when no session is ongoing, and 1003 for a charger that is not connected', async () => {
    const c = await aConnectedCharger();
    expect(await c.as(chargerCall('stop'), { chargerId: c.chargerId })).toMatchObject({
      status: 1039,
      msg: 'No session is ongoing on this charger',
    });
    await c.sim.plugIn(1);
    await c.sim.presentCard((await aCard(t.db, c.stationId)).cardId, 1);
    await c.sim.stop();
    await vi.waitFor(async () => expect((await c.detail()).connected).toBe(false));
    expect((await c.as(chargerCall('stop'), { chargerId: c.chargerId })).status).toBe(1003);
  });
});

describe('reboot', () => {
  it('sends Reset, and the charger comes back', async () => {
    const c = await aConnectedCharger();
    expect((await c.as(chargerCall('reboot'), { chargerId: c.chargerId, type: 'Hard' })).status).toBe(200);
    expect(c.received).toContainEqual(expect.stringMatching(/^Reset .*"Hard"/));
    await vi.waitFor(async () =>
      expect(await c.detail()).toMatchObject({ connected: true, status: 'available' }),
    );
  });

  it('refuses while a session is ongoing (1036)', async () => {
    const c = await aConnectedCharger();
    await c.sim.plugIn(1);
    await c.sim.presentCard((await aCard(t.db, c.stationId)).cardId, 1);
    expect((await c.as(chargerCall('reboot'), { chargerId: c.chargerId })).status).toBe(1036);
    expect(c.received.some((l) => l.startsWith('Reset'))).toBe(false);
  });
});

describe('firmware update', () => {
  it('is offered only when the catalogue knows a newer version, and its progress shows in detail', async () => {
    const c = await aConnectedCharger({ firmwareVersion: '1.0.0' });
    expect(await c.as(chargerCall('firmware/update'), { chargerId: c.chargerId })).toMatchObject({
      status: 1039,
      msg: 'No newer firmware is known for this model',
    });
    const add = async (version: string) =>
      call(
        t.app,
        '/cms-system/system/charger/v2/firmware/add',
        { model: 'Simulator', version, url: `https://firmware.example/charger-${version}.bin` },
        { token: c.token },
      );
    await add('0.9.0');
    await add('2.1.0');
    expect(await c.detail()).toMatchObject({ firmwareVersion: '1.0.0', newFirmwareVersion: '2.1.0' });

    const answer = await c.as(chargerCall('firmware/update'), { chargerId: c.chargerId });
    expect(answer).toMatchObject({ status: 200, data: { version: '2.1.0' } });
    expect(c.received).toContainEqual(expect.stringMatching(/^UpdateFirmware .*charger-2\.1\.0\.bin/));
    await vi.waitFor(
      async () =>
        expect(await c.detail()).toMatchObject({
          firmwareVersion: '2.1.0',
          newFirmwareVersion: null,
          firmwareStatus: 'Installed',
        }),
      { timeout: 5000 },
    );
    expect((await c.as(chargerCall('firmware/update'), { chargerId: c.chargerId })).status).toBe(1039);
  });
});

describe('PIN reset', () => {
  it('sends a hex key of 16 bytes; the charger connects with its bytes, and the old PIN is refused', async () => {
    const c = await aConnectedCharger();
    const answer = await c.as(chargerCall('pin/reset'), { chargerId: c.chargerId });
    expect(answer.status).toBe(200);
    const { pin, delivery, delivered } = answer.data;
    expect(pin).toMatch(/^[0-9a-f]{32}$/);
    expect({ delivery, delivered }).toEqual({ delivery: 'accepted', delivered: true });
    expect(c.received).toContainEqual(
      expect.stringMatching(new RegExp(`^ChangeConfiguration .*AuthorizationKey.*${pin}`)),
    );
    expect(c.sim.password).toBe(pin);
    expect((await c.detail()).pinHint).toBe(`••••${pin.slice(-1)}`);

    await c.sim.reboot();
    await vi.waitFor(async () => expect(await c.detail()).toMatchObject({ connected: true }));
    const old = sims.make({ product_code: c.productCode, pin: '1234' });
    await expect(old.connect()).rejects.toMatchObject({ code: 401 });
  });

  it('keeps the old PIN when the charger refuses the key, and says so', async () => {
    const c = await aConnectedCharger();
    c.sim.client.handle('ChangeConfiguration', () => Promise.resolve({ status: 'Rejected' }));
    const answer = await c.as(chargerCall('pin/reset'), { chargerId: c.chargerId });
    expect(answer.data).toMatchObject({ delivery: 'refused', delivered: false });
    expect((await c.detail()).pinHint).toBe('••••4');
    await c.sim.stop();
    await sims.make({ product_code: c.productCode, pin: '1234' }).connect();
  });

  it('keeps the old PIN of an offline charger until the key typed into it by hand connects', async () => {
    const c = await aConnectedCharger({ connect: false });
    const answer = await c.as(chargerCall('pin/reset'), { chargerId: c.chargerId });
    expect(answer.data).toMatchObject({ delivery: 'offline', delivered: false });
    const oldPin = sims.make({ product_code: c.productCode, pin: '1234' });
    await oldPin.connect();
    await oldPin.stop();
    // The installer types the key into the charger: it presents the decoded bytes (security whitepaper).
    const typed = sims.make(
      { product_code: c.productCode, pin: '' },
      { authorizationKey: answer.data.pin.toUpperCase() },
    );
    await typed.connect();
    await typed.stop();
    expect((await c.detail()).pinHint).toBe(`••••${answer.data.pin.slice(-1)}`);
    await expect(sims.make({ product_code: c.productCode, pin: '1234' }).connect()).rejects.toMatchObject({
      code: 401,
    });
    // A charger that sends the key as text is let in too.
    await sims.make({ product_code: c.productCode, pin: answer.data.pin }).connect();
  });
});

describe('delete', () => {
  it('closes the socket of a deleted charger, and its PIN no longer opens one', async () => {
    const c = await aConnectedCharger();
    const closed = once(c.sim.client, 'disconnect');
    expect((await c.as(chargerCall('delete'), { chargerId: c.chargerId })).status).toBe(200);
    const [{ code }] = (await closed) as [{ code: number }];
    expect(code).toBe(4001);
    await c.sim.stop();
    await expect(sims.make({ product_code: c.productCode, pin: '1234' }).connect()).rejects.toMatchObject({
      code: 401,
    });
  });

  it('refuses while a session is ongoing (1036)', async () => {
    const c = await aConnectedCharger();
    await c.sim.plugIn(1);
    await c.sim.presentCard((await aCard(t.db, c.stationId)).cardId, 1);
    expect((await c.as(chargerCall('delete'), { chargerId: c.chargerId })).status).toBe(1036);
    expect((await c.detail()).connected).toBe(true);
  });
});

describe('a charger with two connectors', () => {
  it('starts on the connector chosen, shows both sessions, and stops each', async () => {
    const c = await aConnectedCharger({ connectors: 2 });
    await c.sim.plugIn(1);
    await c.sim.presentCard((await aCard(t.db, c.stationId)).cardId, 1);
    const started = await c.as(chargerCall('start'), { chargerId: c.chargerId, connectorId: 2 });
    expect(started.status, started.msg).toBe(200);
    expect(started.data.connectorId).toBe(2);
    await vi.waitFor(async () =>
      expect((await c.detail()).ongoingSessions.map((s) => s.connectorId)).toEqual([1, 2]),
    );
    const [first, second] = (await c.detail()).ongoingSessions;

    const stopSecond = await c.as(chargerCall('stop'), { chargerId: c.chargerId, sessionId: second!.id });
    expect(stopSecond.data).toMatchObject({ id: second!.id, connectorId: 2, status: 'complete' });
    const stopFirst = await c.as(chargerCall('stop'), { chargerId: c.chargerId, sessionId: first!.id });
    expect(stopFirst.data).toMatchObject({ id: first!.id, connectorId: 1, status: 'complete' });
    expect((await c.detail()).ongoingSessions).toEqual([]);
  });
});

describe('closing a session stuck on an offline charger', () => {
  it('closes it with the reason, at the last meter reading and priced from it; refused while online', async () => {
    const c = await aConnectedCharger();
    await saveTariff(t.app, { token: c.token, stationId: c.stationId });
    const { transactionId } = await c.sim.call('StartTransaction', {
      connectorId: 1,
      idTag: (await aCard(t.db, c.stationId)).cardId,
      meterStart: 1000,
      timestamp: new Date(Date.now() - 3_600_000).toISOString(),
    });
    await c.sim.call('MeterValues', {
      connectorId: 1,
      transactionId,
      meterValue: [
        {
          timestamp: new Date(Date.now() - 1_800_000).toISOString(),
          sampledValue: [{ value: '6000', measurand: 'Energy.Active.Import.Register', unit: 'Wh' }],
        },
      ],
    });
    const [session] = (await c.detail()).ongoingSessions;
    const close = { chargerId: c.chargerId, sessionId: session!.id, reason: 'Charger lost its network' };
    expect((await c.as(chargerCall('session/close'), close)).status).toBe(1039);

    await c.sim.stop();
    await vi.waitFor(async () => expect((await c.detail()).connected).toBe(false));
    const closed = await c.as(chargerCall('session/close'), close);
    expect(closed.status, closed.msg).toBe(200);
    expect(closed.data).toMatchObject({
      id: session!.id,
      status: 'complete',
      meterStopWh: 6000,
      energyWh: 5000,
      stopReason: 'Charger lost its network',
    });
    const row = await t.db
      .selectFrom('charging_sessions')
      .select(['cost_gross_minor', 'flags'])
      .where('id', '=', session!.id)
      .executeTakeFirstOrThrow();
    expect(row.cost_gross_minor).toBeGreaterThan(0);
    expect(row.flags).toContain('closedByOperator');
    expect((await c.detail()).ongoingSessions).toEqual([]);
    // Closed already: there is nothing left to close.
    expect((await c.as(chargerCall('session/close'), close)).status).toBe(1039);
  });
});

describe('why a charger holds a car back', () => {
  it('shows the reason load management gives while the connector stays SuspendedEVSE', async () => {
    const c = await aConnectedCharger();
    const holds = chargerHolds({ db: t.db, events: t.app.events, now: () => new Date() });
    expect(await holds.recordHoldReason(c.chargerId, 1, 'gridCapacity')).toBe(false); // not held back
    await c.sim.plugIn(1);
    await c.sim.presentCard((await aCard(t.db, c.stationId)).cardId, 1);
    await c.sim.setStatus(1, 'SuspendedEVSE');
    await vi.waitFor(async () => expect((await c.detail()).status).toBe('queuing'));

    expect(await holds.recordHoldReason(c.chargerId, 1, 'gridCapacity')).toBe(true);
    expect(await c.detail()).toMatchObject({
      status: 'waitingForGridCapacity',
      connectors: [{ connectorId: 0 }, { connectorId: 1, status: 'waitingForGridCapacity' }],
    });
    // The charger repeats SuspendedEVSE: still waiting for the grid; it charges again: charging.
    await c.sim.setStatus(1, 'SuspendedEVSE');
    expect((await c.detail()).status).toBe('waitingForGridCapacity');
    await c.sim.setStatus(1, 'Charging');
    expect((await c.detail()).status).toBe('charging');
  });

  it('shows the connectors of a charger that went offline as disconnected', async () => {
    const c = await aConnectedCharger();
    await c.sim.stop();
    await vi.waitFor(async () => expect((await c.detail()).status).toBe('offline'));
    expect((await c.detail()).connectors.map((k) => k.status)).toEqual(['disconnected', 'disconnected']);
  });
});

describe('list and detail of a charging charger', () => {
  it('shows the currents and energy of the ongoing session from the latest readings', async () => {
    const c = await aConnectedCharger();
    await c.sim.plugIn(1);
    await c.sim.presentCard((await aCard(t.db, c.stationId)).cardId, 1);
    await new Promise((resolve) => setTimeout(resolve, 50)); // some energy flows
    await c.sim.sendMeterValues(1);
    const item = await c.detail();
    expect(item.currentL1).toBeGreaterThan(15);
    expect(item.currentL2).toBe(item.currentL1);
    expect(item.totalCurrentA).toBeCloseTo((item.currentL1 ?? 0) * 3, 0);
    expect(item.ongoingSession).toMatchObject({ connectorId: 1 });
    expect(item.connectors).toEqual([
      { connectorId: 0, status: 'available', errorCode: null },
      { connectorId: 1, status: 'charging', errorCode: null },
    ]);
  });
});

describe('closing a session the charger forgot', () => {
  it('is refused while the charger shows it Charging, allowed once it reboots without it; a late stop corrects it', async () => {
    const c = await aConnectedCharger();
    await saveTariff(t.app, { token: c.token, stationId: c.stationId });
    await c.sim.plugIn(1);
    await c.sim.presentCard((await aCard(t.db, c.stationId)).cardId, 1);
    const [session] = (await c.detail()).ongoingSessions;
    expect(session).toMatchObject({ closable: false });
    const close = { chargerId: c.chargerId, sessionId: session!.id, reason: 'Charger lost the transaction' };
    // The charger runs it (Charging): it is stopped, not closed.
    expect(await c.as(chargerCall('session/close'), close)).toMatchObject({
      status: 1039,
      msg: closeOnlineMessage,
    });

    // It loses the transaction over a restart: it boots and reports the connector Available, no StopTransaction.
    await c.sim.stop();
    await vi.waitFor(async () => expect((await c.detail()).connected).toBe(false));
    const fresh = sims.make({ product_code: c.productCode, pin: '1234' });
    await fresh.boot();
    await vi.waitFor(async () =>
      expect((await c.detail()).connectors.find((k) => k.connectorId === 1)?.status).toBe('available'),
    );
    const detail = await c.detail();
    expect(detail.connected).toBe(true);
    expect(detail.ongoingSessions).toMatchObject([{ id: session!.id, closable: true }]);
    // Stop: the charger does not know the transaction and says so.
    expect(await c.as(chargerCall('stop'), { chargerId: c.chargerId })).toMatchObject({
      status: 1039,
      msg: stopRejectedMessage,
    });

    const closed = await c.as(chargerCall('session/close'), close);
    expect(closed.status, closed.msg).toBe(200);
    expect(closed.data).toMatchObject({ id: session!.id, status: 'complete', stopReason: close.reason });
    const row = await t.db
      .selectFrom('charging_sessions')
      .select(['cost_gross_minor', 'flags', 'meter_stop_wh', 'meter_start_wh'])
      .where('id', '=', session!.id)
      .executeTakeFirstOrThrow();
    expect(row.cost_gross_minor).toBeGreaterThan(0);
    expect(row.flags).toContain('closedByOperator');
    expect((await c.detail()).ongoingSessions).toEqual([]);

    // The charger finds the transaction after all and sends its stop: the same session takes its figures.
    await fresh.call('StopTransaction', {
      transactionId: Number(session!.transactionId),
      meterStop: row.meter_start_wh + 9000,
      timestamp: new Date().toISOString(),
      reason: 'PowerLoss',
    });
    const corrected = await t.db
      .selectFrom('charging_sessions')
      .select(['status', 'energy_wh', 'stop_reason', 'flags'])
      .where('charger_id', '=', c.chargerId)
      .execute();
    expect(corrected).toEqual([
      { status: 'complete', energy_wh: 9000, stop_reason: 'PowerLoss', flags: ['closedByOperator'] },
    ]);
  });

  it('asks for the connector status when the charger rejects the stop, which makes the session closable', async () => {
    const c = await aConnectedCharger();
    // The charger reported Available at its boot, then a StartTransaction, and nothing since: no status shows
    // whether it still runs the transaction.
    await c.sim.call('StartTransaction', {
      connectorId: 1,
      idTag: (await aCard(t.db, c.stationId)).cardId,
      meterStart: 0,
      timestamp: new Date().toISOString(),
    });
    const [session] = (await c.detail()).ongoingSessions;
    expect(session).toMatchObject({ closable: false });
    // It does not know the transaction (the simulator never started it itself): Rejected, and the status asked for.
    expect(await c.as(chargerCall('stop'), { chargerId: c.chargerId })).toMatchObject({
      status: 1039,
      msg: stopRejectedMessage,
    });
    expect(c.received).toContainEqual(
      `TriggerMessage ${JSON.stringify({ requestedMessage: 'StatusNotification', connectorId: 1 })}`,
    );
    await vi.waitFor(async () =>
      expect((await c.detail()).ongoingSessions).toMatchObject([{ closable: true }]),
    );
    const closed = await c.as(chargerCall('session/close'), {
      chargerId: c.chargerId,
      sessionId: session!.id,
      reason: 'Charger does not know it',
    });
    expect(closed.status, closed.msg).toBe(200);
  });
});
