import { once } from 'node:events';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import { liveMessageSchema, livePath, signRequest, type LiveMessage } from '@plugboard/contract';
import { listeningApp, simulators, type OcppTestApp } from '../../ocpp/ocpp.fixtures.ts';
import { aCard } from '../cards/cards.fixtures.ts';
import { aCharger, anOperatorWithSite } from '../chargers/chargers.fixtures.ts';

// The console's live socket, as a browser uses it, fed by a simulated charger.
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

/** A browser's live socket; `messages` collects what it receives, each checked against the contract. */
async function aBrowser(hello: { token: string; stationId: number; signature?: string; timestamp?: number }) {
  const ws = new WebSocket(t.url.replace(/\/ocpp$/, livePath));
  sockets.push(ws);
  const messages: LiveMessage[] = [];
  ws.on('message', (data: Buffer) =>
    messages.push(liveMessageSchema.parse(JSON.parse(data.toString('utf8')))),
  );
  const closed = once(ws, 'close').then(([code, reason]) => ({
    code: code as number,
    reason: String(reason as Buffer),
  }));
  await once(ws, 'open');
  const timestamp = hello.timestamp ?? t.clock.now().getTime();
  ws.send(
    JSON.stringify({
      token: hello.token,
      stationId: hello.stationId,
      timestamp,
      signature: hello.signature ?? signRequest(livePath, String(timestamp), hello.token),
    }),
  );
  return { ws, messages, closed };
}

/** An operator with a site, a charger there, its simulator booted, and a browser watching the site. */
async function aWatchedCharger() {
  const op = await anOperatorWithSite(t.db);
  const charger = await aCharger(t.db, { stationId: op.stationId });
  const browser = await aBrowser(op);
  await vi.waitFor(() => expect(browser.messages[0]).toEqual({ type: 'ready', stationId: op.stationId }));
  const sim = sims.make(charger);
  await sim.boot();
  return { op, charger, browser, sim };
}

const about = (messages: LiveMessage[], type: LiveMessage['type'], chargerId: number) =>
  messages.filter((m) => m.type === type && 'chargerId' in m && m.chargerId === chargerId);

describe('live push to the console', () => {
  it("sends a charger's new status to the browsers of its site, with its list item", async () => {
    const { charger, browser, sim } = await aWatchedCharger();
    await sim.setStatus(1, 'Faulted', 'GroundFailure');
    await vi.waitFor(() =>
      expect(about(browser.messages, 'charger.status', charger.id).at(-1)).toMatchObject({
        status: 'faulted',
        errorCode: 'GroundFailure',
        connector: { connectorId: 1, status: 'faulted', errorCode: 'GroundFailure' },
        charger: { id: charger.id, status: 'faulted', connected: true },
      }),
    );
  });

  it("sends nothing of a site to another account's browser", async () => {
    const mine = await aWatchedCharger();
    const theirs = await aWatchedCharger();
    await mine.sim.setStatus(1, 'Faulted', 'GroundFailure');
    await vi.waitFor(() =>
      expect(about(mine.browser.messages, 'charger.status', mine.charger.id)).not.toEqual([]),
    );
    // A later event of their own site reaches them; nothing of mine came before or with it.
    const seen = theirs.browser.messages.length;
    await theirs.sim.setStatus(1, 'Unavailable');
    await vi.waitFor(() => expect(theirs.browser.messages.length).toBeGreaterThan(seen));
    const stations = theirs.browser.messages.map((m) => m.stationId);
    expect(new Set(stations)).toEqual(new Set([theirs.op.stationId]));
    expect(JSON.stringify(theirs.browser.messages)).not.toContain(mine.charger.product_code);
  });

  it('sends session starts and stops, and meter values', async () => {
    const { charger, browser, sim } = await aWatchedCharger();
    await sim.plugIn(1);
    await sim.presentCard((await aCard(t.db, charger.station_id)).cardId, 1);
    await sim.sendMeterValues(1);
    await sim.unplug(1);
    await vi.waitFor(() => {
      expect(about(browser.messages, 'session.started', charger.id)).toMatchObject([{ startBy: 'rfid' }]);
      expect(about(browser.messages, 'meter.values', charger.id)[0]).toMatchObject({
        connectorId: 1,
        charger: { id: charger.id },
      });
      expect(about(browser.messages, 'session.stopped', charger.id)).toMatchObject([
        { stopReason: 'EVDisconnected' },
      ]);
    });
  });

  it('refuses a hello with a bad signature (419), and a site of another account (1502)', async () => {
    const op = await anOperatorWithSite(t.db);
    const forged = await aBrowser({ ...op, signature: signRequest(livePath, '0', op.token) });
    expect(await forged.closed).toEqual({ code: 4401, reason: '419' });
    expect(forged.messages).toEqual([]);

    const other = await anOperatorWithSite(t.db);
    const foreign = await aBrowser({ token: other.token, stationId: op.stationId });
    expect(await foreign.closed).toEqual({ code: 4403, reason: '1502' });

    const unknown = await aBrowser({ token: 'not-a-session', stationId: op.stationId });
    expect(await unknown.closed).toEqual({ code: 4401, reason: '5003' });
  });

  it('still answers OCPP upgrades and refuses upgrades of other paths with 404', async () => {
    const ws = new WebSocket(t.url.replace(/\/ocpp$/, '/elsewhere'));
    ws.on('error', () => {}); // terminated before it opened
    sockets.push(ws);
    const [, response] = (await once(ws, 'unexpected-response')) as [unknown, { statusCode: number }];
    expect(response.statusCode).toBe(404);
    await aWatchedCharger(); // its simulator connects over /ocpp
  });
});
