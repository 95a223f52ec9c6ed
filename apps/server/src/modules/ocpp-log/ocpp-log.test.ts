import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { call } from '../../../test/helpers.ts';
import { listeningApp, simulators, type OcppTestApp } from '../../ocpp/ocpp.fixtures.ts';
import { aProductCode, anOperatorWithSite, callerFor, chargerCall } from '../chargers/chargers.fixtures.ts';
import { ocppLogService } from './ocpp-log.service.ts';

// The message log and connection history, written by the central system over a real WebSocket.
let t: OcppTestApp;
const sims = simulators(() => t.url);

beforeAll(async () => {
  t = await listeningApp();
});
afterEach(() => sims.stopAll());
afterAll(() => t.close());

async function aLoggedCharger() {
  const op = await anOperatorWithSite(t.db);
  const as = callerFor(t.app, op);
  const productCode = aProductCode();
  const added = await as(chargerCall('add'), { productCode, pin: '1234' });
  const chargerId = added.data.id;
  const sim = sims.make({ product_code: productCode, pin: '1234' });
  const messages = async (filter: Record<string, unknown> = {}) => {
    await t.app.ocppLog.flush();
    const answer = await call(
      t.app,
      '/cms-system/system/ocpp-log/v2/messages',
      { stationId: op.stationId, chargerId, ...filter },
      { token: op.token },
    );
    expect(answer.body.status, answer.body.msg).toBe(200);
    return answer.body.data;
  };
  const connections = async () => {
    await t.app.ocppLog.flush();
    return (
      await call(
        t.app,
        '/cms-system/system/ocpp-log/v2/connections',
        { stationId: op.stationId, chargerId },
        { token: op.token },
      )
    ).body.data.entries;
  };
  return { op, as, chargerId, productCode, sim, messages, connections };
}

describe('OCPP message log', () => {
  it('holds one row per exchange, both ways: the CALL and its answer, their times, who called', async () => {
    const c = await aLoggedCharger();
    await c.sim.boot();
    await t.app.ocpp.registry.send(c.productCode, 'GetConfiguration', { key: ['HeartbeatInterval'] });
    const page = await c.messages();
    expect(page).toMatchObject({ enabled: true, retentionDays: 7, nextBeforeId: null });
    const seen = page.messages.map((m) => `${m.direction} ${m.kind} ${m.action}`).reverse();
    expect(seen[0]).toBe('in result BootNotification');
    expect(seen).toContain('in result StatusNotification');
    expect(seen.at(-1)).toBe('out result GetConfiguration');
    // One row per CALL: as many rows as message ids.
    expect(new Set(page.messages.map((m) => m.messageId)).size).toBe(page.messages.length);
    const boot = page.messages.find((m) => m.action === 'BootNotification');
    expect(boot?.payload).toMatchObject({ chargePointModel: 'Simulator' });
    expect(boot?.answer).toMatchObject({ status: 'Accepted', interval: expect.any(Number) as unknown });
    expect(Date.parse(boot!.answeredAt!)).toBeGreaterThanOrEqual(Date.parse(boot!.at));
    const [newest] = page.messages;
    expect(newest?.payload).toEqual({ key: ['HeartbeatInterval'] });
    expect(newest?.answer).toMatchObject({
      configurationKey: [{ key: 'HeartbeatInterval', readonly: false }],
    });
  });

  it('masks the AuthorizationKey both in ChangeConfiguration and in a configuration read back', async () => {
    const c = await aLoggedCharger();
    await c.sim.boot();
    const key = 'a1'.repeat(16);
    await t.app.ocpp.registry.send(c.productCode, 'ChangeConfiguration', {
      key: 'AuthorizationKey',
      value: key,
    });
    await t.app.ocpp.registry.send(c.productCode, 'GetConfiguration', { key: ['AuthorizationKey'] });
    const page = await c.messages({ action: 'configuration' });
    expect(page.messages.map((m) => [m.action, m.kind])).toEqual([
      ['GetConfiguration', 'result'],
      ['ChangeConfiguration', 'result'],
    ]);
    expect(page.messages[1]?.payload).toEqual({ key: 'AuthorizationKey', value: '********' });
    expect(JSON.stringify(page.messages)).not.toContain(key);
  });

  it('keeps CALLERRORs, answers to no CALL, frames that are not messages, and CALLs left unanswered', async () => {
    const c = await aLoggedCharger();
    await c.sim.boot();
    // Reset is the central system's to send: a charger's Reset has no handler (NotImplemented).
    await expect(c.sim.call('Reset' as never, { type: 'Hard' } as never)).rejects.toBeTruthy();
    c.sim.client.sendRaw('not json at all');
    c.sim.client.sendRaw(JSON.stringify([3, 'no-such-call', { status: 'Accepted' }]));
    await vi.waitFor(async () => {
      const page = await c.messages();
      expect(
        page.messages
          .slice(0, 4)
          .map((m) => [m.direction, m.kind, m.action, m.errorCode, m.payload, m.answer]),
      ).toEqual([
        ['out', 'result', null, null, null, { status: 'Accepted' }],
        ['in', 'error', null, 'FormationViolation', null, expect.anything()],
        ['in', 'invalid', null, null, { text: 'not json at all' }, null],
        ['in', 'error', 'Reset', 'NotImplemented', { type: 'Hard' }, expect.anything()],
      ]);
    });
    // A CALL of ours still open when the socket closes is logged unanswered.
    let received: () => void = () => undefined;
    const reached = new Promise<void>((resolve) => (received = resolve));
    c.sim.client.handle('GetConfiguration', () => {
      received();
      return new Promise(() => undefined);
    });
    const hung = t.app.ocpp.registry.send(c.productCode, 'GetConfiguration', {}).catch(() => undefined);
    await reached;
    await c.sim.client.close({ force: true });
    await hung;
    await vi.waitFor(async () =>
      expect((await c.messages()).messages[0]).toMatchObject({
        direction: 'out',
        kind: 'unanswered',
        action: 'GetConfiguration',
        answeredAt: null,
        answer: null,
      }),
    );
  });

  it('is searched by action and time, newest first, a page at a time', async () => {
    const c = await aLoggedCharger();
    await c.sim.boot();
    const middle = new Date().toISOString();
    await new Promise((resolve) => setTimeout(resolve, 20));
    for (let i = 0; i < 3; i++) await c.sim.call('Heartbeat', {});
    const beats = await c.messages({ action: 'Heartbeat', limit: 2 });
    expect(beats.messages).toHaveLength(2);
    expect(beats.messages.every((m) => m.action === 'Heartbeat')).toBe(true);
    expect(beats.nextBeforeId).toBe(beats.messages[1]?.id);
    const rest = await c.messages({ action: 'Heartbeat', limit: 2, beforeId: beats.nextBeforeId });
    expect(rest.messages).toHaveLength(1);
    expect(rest.nextBeforeId).toBeNull();
    const before = await c.messages({ to: middle });
    expect(before.messages.some((m) => m.action === 'Heartbeat')).toBe(false);
    expect(before.messages.some((m) => m.action === 'BootNotification')).toBe(true);
  });

  it('exports what matches the filter', async () => {
    const c = await aLoggedCharger();
    await c.sim.boot();
    await t.app.ocppLog.flush();
    const answer = await call(
      t.app,
      '/cms-system/system/ocpp-log/v2/export',
      { stationId: c.op.stationId, chargerId: c.chargerId, action: 'Boot' },
      { token: c.op.token },
    );
    expect(answer.body.data).toMatchObject({ truncated: false });
    expect(answer.body.data.messages.map((m: { kind: string }) => m.kind)).toEqual(['result']);
  });

  it("another site's charger answers 1001", async () => {
    const c = await aLoggedCharger();
    const other = await anOperatorWithSite(t.db);
    const answer = await call(
      t.app,
      '/cms-system/system/ocpp-log/v2/messages',
      { stationId: other.stationId, chargerId: c.chargerId },
      { token: other.token },
    );
    expect(answer.body.status).toBe(1001);
  });
});

describe('connection history', () => {
  it('records connects, disconnects with their close code, and refused handshakes', async () => {
    const c = await aLoggedCharger();
    await c.sim.boot();
    await c.sim.stop();
    const wrong = sims.make({ product_code: c.productCode, pin: 'wrong-pin' });
    await expect(wrong.connect()).rejects.toMatchObject({ code: 401 });
    await vi.waitFor(async () =>
      expect((await c.connections()).map((e) => [e.event, e.closeCode, e.httpStatus])).toEqual([
        ['refused', null, 401],
        ['disconnected', 1000, null],
        ['connected', null, null],
      ]),
    );
    expect((await c.connections())[2]?.remoteAddress).toMatch(/127\.0\.0\.1/);
  });
});

describe('security events', () => {
  it('stores a SecurityEventNotification before answering it, and lists it for the charger', async () => {
    const c = await aLoggedCharger();
    await c.sim.boot();
    const timestamp = '2026-11-20T08:00:00.000Z';
    await expect(
      c.sim.call('SecurityEventNotification', {
        type: 'InvalidCentralSystemCertificate',
        timestamp,
        techInfo: 'CN mismatch',
      }),
    ).resolves.toEqual({});
    const answer = await call(
      t.app,
      '/cms-system/system/ocpp-log/v2/security-events',
      { stationId: c.op.stationId, chargerId: c.chargerId },
      { token: c.op.token },
    );
    expect(answer.body.data).toMatchObject({
      events: [{ type: 'InvalidCentralSystemCertificate', at: timestamp, techInfo: 'CN mismatch' }],
      nextBeforeId: null,
    });
  });
});

describe('retention', () => {
  it('deletes what is older than the retention, one node at a time', async () => {
    const c = await aLoggedCharger();
    await c.sim.boot();
    await t.app.ocppLog.flush();
    const old = new Date(Date.now() - 8 * 86_400_000);
    await t.db
      .insertInto('ocpp_messages')
      .values({
        charger_id: c.chargerId,
        at: old,
        answered_at: old,
        direction: 'in',
        kind: 'result',
        message_id: 'old',
        action: 'Heartbeat',
        error_code: null,
        payload: '{}',
        answer: '{}',
      })
      .execute();
    await t.db
      .insertInto('charger_connections')
      .values({ product_code: c.productCode.toLowerCase(), at: old, event: 'connected' })
      .execute();
    // Two nodes' jobs at once: one deletes, the other skips; neither fails.
    const node = (days: number) =>
      ocppLogService({
        db: t.db,
        now: () => new Date(),
        log: t.app.log,
        enabled: true,
        retentionDays: days,
        chargerOf: () => Promise.reject(new Error('not used')),
      });
    await Promise.all([node(7).trim(), node(7).trim(), t.app.ocppLog.trim()]);
    const ids = await t.db
      .selectFrom('ocpp_messages')
      .select('message_id')
      .where('charger_id', '=', c.chargerId)
      .execute();
    expect(ids.map((r) => r.message_id)).not.toContain('old');
    expect(ids.length).toBeGreaterThan(0);
    expect(await c.connections()).toHaveLength(1);
  });
});
