import { once } from 'node:events';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import {
  displayMessageSchema,
  livePath,
  sessionExportPath,
  signRequest,
  type DisplayMessage,
} from '@plugboard/contract';
import { call, consoleHeaders } from '../../../test/helpers.ts';
import { listeningApp, simulators, type OcppTestApp } from '../../ocpp/ocpp.fixtures.ts';
import { aCard } from '../cards/cards.fixtures.ts';
import { aCharger, anOperatorWithSite, callerFor } from '../chargers/chargers.fixtures.ts';

// Display links: a token that opens one site's board without a login, over the board call and the live socket,
// and nothing else.
const board = '/cms-system/system/display/v2/board';
let t: OcppTestApp;
const sims = simulators(() => t.url);
const sockets: WebSocket[] = [];

beforeAll(async () => {
  t = await listeningApp();
});
afterEach(async () => {
  for (const ws of sockets.splice(0)) ws.terminate();
  await sims.stopAll();
});
afterAll(() => t.close());

/** An operator's site with a charger named 'Bay 1', a notice, and a display link of it. */
async function aSiteWithLink() {
  const op = await anOperatorWithSite(t.db);
  const as = callerFor(t.app, op);
  const charger = await aCharger(t.db, { stationId: op.stationId, alias: 'Bay 1' });
  await as('/cms-system/system/notice/v2/save', { display: '<p>Welcome to <strong>Depot</strong></p>' });
  const created = await as('/cms-system/system/display/v2/link/create', { name: 'Lobby TV' });
  expect(created.status).toBe(200);
  const { token, id } = created.data as { token: string; id: number };
  return { op, as, charger, token, linkId: id };
}

const boardWith = (token: string, body: object = {}) => call(t.app, board, body, { token });

/** A display's live socket, as the board page opens it. */
async function aDisplaySocket(token: string, stationId: number) {
  const ws = new WebSocket(t.url.replace(/\/ocpp$/, livePath));
  sockets.push(ws);
  const messages: DisplayMessage[] = [];
  const raw: string[] = [];
  ws.on('message', (data: Buffer) => {
    raw.push(data.toString('utf8'));
    messages.push(displayMessageSchema.parse(JSON.parse(data.toString('utf8'))));
  });
  const closed = once(ws, 'close').then(([code, reason]) => ({
    code: code as number,
    reason: String(reason as Buffer),
  }));
  await once(ws, 'open');
  const timestamp = String(t.clock.now().getTime());
  ws.send(
    JSON.stringify({ token, stationId, timestamp, signature: signRequest(livePath, timestamp, token) }),
  );
  return { ws, messages, raw, closed };
}

describe('display links', () => {
  it("open the site's board without a login: tiles, capacity and notice", async () => {
    const { op, charger, token } = await aSiteWithLink();
    const { body } = await boardWith(token);
    expect(body.status).toBe(200);
    expect(body.data).toMatchObject({
      stationId: op.stationId,
      siteName: 'Depot Noord',
      capacityW: 50_000,
      noticeHtml: '<p>Welcome to <strong>Depot</strong></p>',
      tiles: [{ chargerId: charger.id, name: 'Bay 1', status: 'offline', session: null, powerW: null }],
    });
    // Display data only: no product code, PIN hint or firmware.
    expect(JSON.stringify(body.data)).not.toContain(charger.product_code);
    expect(JSON.stringify(body.data)).not.toContain('pinHint');
  });

  it('are listed without their token, and a revoked one is refused (5003)', async () => {
    const { as, token, linkId } = await aSiteWithLink();
    const list = await as('/cms-system/system/display/v2/link/list', {});
    expect(list.data).toEqual({
      list: [{ id: linkId, name: 'Lobby TV', createdAt: expect.any(String) as string, lastUsedAt: null }],
    });
    expect(JSON.stringify(list)).not.toContain(token);
    expect((await boardWith(token)).body.status).toBe(200);
    expect((await as('/cms-system/system/display/v2/link/revoke', { id: linkId })).status).toBe(200);
    expect((await boardWith(token)).body).toEqual({
      status: 5003,
      msg: 'Your session has ended, please log in again',
      data: null,
    });
    expect((await as('/cms-system/system/display/v2/link/list', {})).data).toEqual({ list: [] });
    expect((await as('/cms-system/system/display/v2/link/revoke', { id: linkId })).status).toBe(1039);
  });

  it("read only their own site: another site's stationId in the body changes nothing", async () => {
    const mine = await aSiteWithLink();
    const theirs = await aSiteWithLink();
    await theirs.as('/cms-system/system/station/v2/update', { name: 'Their secret depot' });
    const { body } = await boardWith(mine.token, { stationId: theirs.op.stationId });
    expect(body.data?.stationId).toBe(mine.op.stationId);
    expect(JSON.stringify(body)).not.toContain('Their secret depot');
    expect(JSON.stringify(body)).not.toContain(String(theirs.charger.id) + ',"name"');
  });

  it('answer 5003 to other calls, on their own site or another (every call: tenant-isolation.test.ts)', async () => {
    const mine = await aSiteWithLink();
    const theirs = await aSiteWithLink();
    for (const stationId of [mine.op.stationId, theirs.op.stationId]) {
      const as = (path: Parameters<typeof call>[1], body: object) =>
        call(t.app, path, { stationId, ...body }, { token: mine.token });
      expect((await as('/cms-system/system/charger/v2/list', {})).body.status).toBe(5003);
      expect((await as('/cms-system/system/notice/v2/detail', {})).body.status).toBe(5003);
      expect((await as('/cms-system/system/display/v2/link/list', {})).body.status).toBe(5003);
      expect((await as('/cms-system/system/display/v2/link/create', { name: 'More' })).body.status).toBe(
        5003,
      );
      expect((await as('/cms-system/system/user/v2/detail', {})).body.status).toBe(5003);
    }
    // The sessions export, outside the call table, too.
    const exported = await t.app.inject({
      method: 'POST',
      url: sessionExportPath,
      headers: {
        ...consoleHeaders(sessionExportPath, mine.token, t.clock.now().getTime()),
        'content-type': 'application/json',
      },
      payload: JSON.stringify({ stationId: mine.op.stationId, scope: 'all', format: 'csv' }),
    });
    expect(exported.json()).toMatchObject({ status: 5003 });
  });

  it('answer 5003 to a login token or an unknown one on the board call', async () => {
    const { op } = await aSiteWithLink();
    expect((await boardWith(op.token)).body.status).toBe(5003);
    expect((await boardWith('dsp_unknown')).body.status).toBe(5003);
    expect((await boardWith('')).body.status).toBe(5003);
  });
});

describe("a display link's live socket", () => {
  it('sends display messages of its site: a session start within the second, tiles without list items', async () => {
    const { op, charger, token } = await aSiteWithLink();
    const display = await aDisplaySocket(token, op.stationId);
    await vi.waitFor(() => expect(display.messages[0]).toEqual({ type: 'ready', stationId: op.stationId }));
    const sim = sims.make(charger);
    await sim.boot();
    await sim.plugIn(1);
    await sim.presentCard((await aCard(t.db, op.stationId)).cardId, 1);
    await sim.sendMeterValues(1);
    await vi.waitFor(() => {
      expect(display.messages).toContainEqual(
        expect.objectContaining({ type: 'session.started', chargerId: charger.id }),
      );
      const tiles = display.messages.flatMap((m) => (m.type === 'tile' && m.tile ? [m.tile] : []));
      expect(
        tiles.some((tile) => tile.name === 'Bay 1' && tile.session && typeof tile.powerW === 'number'),
      ).toBe(true);
    });
    const all = display.raw.join('\n');
    expect(all).not.toContain(charger.product_code);
    expect(all).not.toContain('pinHint');
    expect(all).not.toContain('startBy');
  });

  it("shows an offline charger's ongoing session without a power: board, overview and chargers list agree", async () => {
    const { op, as, charger, token } = await aSiteWithLink();
    const display = await aDisplaySocket(token, op.stationId);
    await vi.waitFor(() => expect(display.messages[0]).toEqual({ type: 'ready', stationId: op.stationId }));
    const sim = sims.make(charger);
    await sim.boot();
    await sim.plugIn(1);
    await sim.presentCard((await aCard(t.db, op.stationId)).cardId, 1);
    await sim.sendMeterValues(1);
    const tileOf = async () =>
      (
        (await boardWith(token)).body.data as { tiles: { chargerId: number; powerW: number | null }[] }
      ).tiles.find((tile) => tile.chargerId === charger.id);
    await vi.waitFor(async () => expect((await tileOf())?.powerW).toBeGreaterThan(0));
    const overviewNow = async () =>
      (await as('/cms-system/system/overview/now', {})).data as { powerW: number };
    expect((await overviewNow()).powerW).toBeGreaterThan(0);

    // Its socket goes: the session is still under way, its last reading is history.
    await sim.stop();
    await vi.waitFor(async () =>
      expect(await tileOf()).toMatchObject({ connected: false, status: 'offline' }),
    );
    const tile = await tileOf();
    expect(tile).toMatchObject({ powerW: null, session: { energyWh: expect.any(Number) as number } });
    const now = (await as('/cms-system/system/overview/now', {})).data as {
      ongoingSessions: number;
      powerW: number;
      phases: { currentA: number }[];
    };
    expect(now.ongoingSessions).toBe(1);
    expect(now.powerW).toBe(0);
    expect(now.phases.every((p) => p.currentA === 0)).toBe(true);
    const list = (await as('/cms-system/system/charger/v2/list', {})).data as {
      list: { id: number; totalCurrentA: number | null; ongoingSession: object | null }[];
    };
    expect(list.list.find((c) => c.id === charger.id)).toMatchObject({
      totalCurrentA: null,
      ongoingSession: {},
    });
    // The live message that told the display of it carries no power either.
    await vi.waitFor(() => {
      const last = display.messages.filter((m) => m.type === 'tile' && m.chargerId === charger.id).at(-1);
      expect(last).toMatchObject({ type: 'tile', tile: { connected: false, powerW: null } });
    });
  });

  it('tells the display when the notice is saved, not when the invoice footer is', async () => {
    const { op, as, token } = await aSiteWithLink();
    const display = await aDisplaySocket(token, op.stationId);
    await vi.waitFor(() => expect(display.messages[0]).toEqual({ type: 'ready', stationId: op.stationId }));
    expect(
      (await as('/cms-system/system/notice/v2/save', { invoiceFooter: '<p>IBAN NL00</p>' })).status,
    ).toBe(200);
    expect(
      (await as('/cms-system/system/notice/v2/save', { display: '<p>Closed on Sunday</p>' })).status,
    ).toBe(200);
    await vi.waitFor(() => expect(display.messages).toContainEqual({ type: 'notice.changed' }));
    expect(display.messages.filter((m) => m.type === 'notice.changed')).toHaveLength(1);
    expect((await boardWith(token)).body.data.noticeHtml).toBe('<p>Closed on Sunday</p>');
  });

  it('is refused for another site (1502), and closed once revoked (5003)', async () => {
    const mine = await aSiteWithLink();
    const theirs = await aSiteWithLink();
    const foreign = await aDisplaySocket(mine.token, theirs.op.stationId);
    expect(await foreign.closed).toEqual({ code: 4403, reason: '1502' });
    expect(foreign.messages).toEqual([]);

    await mine.as('/cms-system/system/display/v2/link/revoke', { id: mine.linkId });
    const revoked = await aDisplaySocket(mine.token, mine.op.stationId);
    expect(await revoked.closed).toEqual({ code: 4401, reason: '5003' });
  });
});
