import { once } from 'node:events';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import WebSocket from 'ws';
import type { z } from 'zod';
import {
  liveMessageSchema,
  livePath,
  signRequest,
  type calls,
  type Envelope,
  type LiveMessage,
} from '@plugboard/contract';
import { consoleHeaders, createTestDatabase } from '../../test/helpers.ts';
import { runServer, type ServerProcess } from '../../test/server-process.ts';
import { startMailbox, type Mailbox } from '../../test/smtp.ts';
import { tcpBalancer } from '../../test/tcp-balancer.ts';
import { createDb, type Db } from '../db/client.ts';
import { aCard, aCardId } from '../modules/cards/cards.fixtures.ts';
import { aCharger, anOperatorWithSite, chargerCall } from '../modules/chargers/chargers.fixtures.ts';
import { profileIds } from '../modules/load/load-profiles.ts';
import { simulators, storedRows } from './ocpp.fixtures.ts';

// Three Plugboard processes over one PostgreSQL, as behind a load balancer: a command asked of one node reaches a
// charger connected to another, and so does a console watching another node; a report mail goes out once; a
// charger has one socket across the nodes; a node killed with SIGKILL loses its chargers to the others. Three
// processes only (the test machines have 2 cores); the kill comes last.
const pingSeconds = 1;
/** docs/ocpp.md, Several nodes: a dead node's charger shows offline within 2 ping intervals (issue 15). */
const offlineBoundMs = 2 * pingSeconds * 1000;
/** Room for three servers and the test on a loaded machine: the processes' timers run late, not the rule. */
const schedulingSlackMs = 2000;
/** How long a second report mail, from a node that wrongly handled the same stop too, gets to arrive. */
const secondMailGraceMs = 2000;

let database: { url: string; drop: () => Promise<void> };
let db: Db;
let mailbox: Mailbox;
const nodes: ServerProcess[] = [];
const node = (n: 1 | 2 | 3) => nodes[n - 1]!;
const wsOf = (server: { port: number }) => `ws://127.0.0.1:${server.port}/ocpp`;
let balancer: Awaited<ReturnType<typeof tcpBalancer>>;

beforeAll(async () => {
  database = await createTestDatabase();
  db = createDb(database.url, { max: 2 });
  mailbox = await startMailbox();
  const started = await Promise.allSettled(
    [1, 2, 3].map((n) =>
      runServer({
        DATABASE_URL: database.url,
        NODE_ID: `node-${n}`,
        OCPP_PING_INTERVAL: String(pingSeconds),
        CHARGER_WAIT_TIMEOUT: '10',
        SMTP_URL: mailbox.url,
      }),
    ),
  );
  for (const result of started) if (result.status === 'fulfilled') nodes.push(result.value);
  const failed = started.find((r) => r.status === 'rejected');
  if (failed) throw failed.reason;
  // Node 3 first: a charger behind the balancer lands there, and on node 1 once node 3 is gone.
  balancer = await tcpBalancer(() => [node(3).port, node(1).port, node(2).port]);
}, 120_000);

afterAll(async () => {
  await balancer?.close();
  await Promise.allSettled(nodes.map((n) => n.stop()));
  await mailbox?.close();
  await db?.destroy();
  await database?.drop();
});

const sims = simulators(() => wsOf(node(1)));
const consoles: WebSocket[] = [];
afterEach(async () => {
  for (const ws of consoles.splice(0)) ws.terminate();
  await sims.stopAll();
});
const { chargerRow, sessionsOf } = storedRows(() => db);

type CallPath = keyof typeof calls;

/** A console call to one node, as the operator of a site. */
async function ask<P extends CallPath>(
  server: ServerProcess,
  op: { token: string; stationId: number },
  path: P,
  body: Record<string, unknown>,
): Promise<Envelope<z.output<(typeof calls)[P]['data']>>> {
  const response = await fetch(server.url + path, {
    method: 'POST',
    headers: { ...consoleHeaders(path, op.token), 'content-type': 'application/json' },
    body: JSON.stringify({ stationId: op.stationId, ...body }),
  });
  return (await response.json()) as Envelope<z.output<(typeof calls)[P]['data']>>;
}

/** An operator's site with one charger, not connected yet. */
async function aSiteWithCharger() {
  const op = await anOperatorWithSite(db);
  const charger = await aCharger(db, { stationId: op.stationId });
  return { op, charger };
}

/** The console's live socket on one node, watching the operator's site; `about` filters what it received. */
async function aConsoleOn(server: ServerProcess, op: { token: string; stationId: number }) {
  const ws = new WebSocket(server.url.replace(/^http/, 'ws') + livePath);
  consoles.push(ws);
  const messages: LiveMessage[] = [];
  ws.on('message', (data: Buffer) =>
    messages.push(liveMessageSchema.parse(JSON.parse(data.toString('utf8')))),
  );
  await once(ws, 'open');
  const timestamp = Date.now();
  const signature = signRequest(livePath, String(timestamp), op.token);
  ws.send(JSON.stringify({ token: op.token, stationId: op.stationId, timestamp, signature }));
  await vi.waitFor(() => expect(messages[0]).toEqual({ type: 'ready', stationId: op.stationId }));
  const about = (type: LiveMessage['type'], chargerId: number) =>
    messages.filter((m) => m.type === type && 'chargerId' in m && m.chargerId === chargerId);
  return { about };
}

describe('several nodes over one database', () => {
  it('starts, from node 1, a session on a charger connected to node 3, and stops it from node 2', async () => {
    const { op, charger } = await aSiteWithCharger();
    const sim = sims.make(charger, { url: wsOf(node(3)) });
    await sim.boot();
    expect(await chargerRow(charger.id)).toMatchObject({ connected: true, node_id: 'node-3' });

    const started = await ask(node(1), op, chargerCall('start'), { chargerId: charger.id });
    expect(started.status, started.msg).toBe(200);
    expect(started.data).toMatchObject({ chargerId: charger.id, startBy: 'remoteApp', status: 'ongoing' });
    await vi.waitFor(() => expect(String(sim.connector(1).transactionId)).toBe(started.data.transactionId));

    const stopped = await ask(node(2), op, chargerCall('stop'), { chargerId: charger.id });
    expect(stopped.status, stopped.msg).toBe(200);
    expect(stopped.data).toMatchObject({ id: started.data.id, status: 'complete', stopReason: 'Remote' });
  });

  it('allocates, from node 1 where load management was turned on, a car charging at a charger connected to node 3', async () => {
    const op = await anOperatorWithSite(db);
    const charger = await aCharger(db, {
      stationId: op.stationId,
      capacityL1: 32,
      capacityL2: 32,
      capacityL3: 32,
    });
    const sim = sims.make(charger, { url: wsOf(node(3)), carPowerW: 32 * 3 * 230 });
    await sim.boot();
    const enabled = await ask(node(1), op, '/cms-system/system/load/v2/enable', { isOpenLoad: 1 });
    expect(enabled.status, enabled.msg).toBe(200);
    // Node 1 knows the site is managed at once; nodes 2 and 3 at their next pass (every 5 s).
    const card = await aCard(db, op.stationId);
    await sim.plugIn(1);
    await sim.presentCard(card.cardId, 1);
    await vi.waitFor(() => expect(sim.connector(1).transactionId).not.toBeNull());
    const txProfile = () =>
      sim.connector(1).profiles.get(profileIds.tx) as
        { chargingSchedule: { chargingSchedulePeriod: { limit: number }[] } } | undefined;
    await vi.waitFor(() => expect(txProfile()?.chargingSchedule.chargingSchedulePeriod[0]?.limit).toBe(32), {
      timeout: 5000 + schedulingSlackMs,
    });
  });

  it('reboots and resets the PIN of a charger on node 3 from nodes 1 and 2, and answers 1003 once it is gone', async () => {
    const { op, charger } = await aSiteWithCharger();
    const sim = sims.make(charger, { url: wsOf(node(3)) });
    await sim.boot();
    const bootedAt = (await chargerRow(charger.id)).booted_at!;

    const reboot = await ask(node(1), op, chargerCall('reboot'), { chargerId: charger.id, type: 'Soft' });
    expect(reboot.status, reboot.msg).toBe(200);
    // The simulator closes its socket, comes back to node 3 and boots again.
    await vi.waitFor(
      async () => {
        const row = await chargerRow(charger.id);
        expect(row).toMatchObject({ connected: true, node_id: 'node-3' });
        expect(row.booted_at! > bootedAt).toBe(true);
      },
      { timeout: 5000 },
    );

    const reset = await ask(node(2), op, chargerCall('pin/reset'), { chargerId: charger.id });
    expect(reset.status, reset.msg).toBe(200);
    expect(reset.data.delivered).toBe(true);
    expect(sim.password).toBe(reset.data.pin);

    await sim.stop();
    await vi.waitFor(async () => expect((await chargerRow(charger.id)).connected).toBe(false));
    const offline = await ask(node(1), op, chargerCall('reboot'), { chargerId: charger.id, type: 'Soft' });
    expect(offline.status).toBe(1003);
  });

  it('closes, with 4000, the socket node 1 holds when the charger connects to node 2, which then owns it', async () => {
    const { op, charger } = await aSiteWithCharger();
    // A socket that does not reconnect on its own, as a charger's half-open one would not.
    const old = sims.raw(charger.product_code, charger.pin);
    await old.connect();
    await vi.waitFor(async () =>
      expect(await chargerRow(charger.id)).toMatchObject({ connected: true, node_id: 'node-1' }),
    );
    const closed = once(old, 'close') as Promise<[{ code: number }]>;

    const newer = sims.make(charger, { url: wsOf(node(2)) });
    await newer.boot();
    const [{ code }] = await closed;
    expect(code).toBe(4000);
    expect(await chargerRow(charger.id)).toMatchObject({ connected: true, node_id: 'node-2' });
    // Commands from any node now reach the new socket.
    const reset = await ask(node(3), op, chargerCall('pin/reset'), { chargerId: charger.id });
    expect(reset.data.delivered).toBe(true);
    expect(newer.password).toBe(reset.data.pin);
  });

  it('closes, with 4001, the socket node 1 holds when the charger is deleted through node 2', async () => {
    const { op, charger } = await aSiteWithCharger();
    const held = sims.raw(charger.product_code, charger.pin);
    await held.connect();
    await vi.waitFor(async () =>
      expect(await chargerRow(charger.id)).toMatchObject({ connected: true, node_id: 'node-1' }),
    );
    const closed = once(held, 'close') as Promise<[{ code: number }]>;

    const deleted = await ask(node(2), op, chargerCall('delete'), { chargerId: charger.id });
    expect(deleted.status, deleted.msg).toBe(200);
    const [{ code }] = await closed;
    expect(code).toBe(4001);
  });

  it('tells a console on node 2 the status and meter readings of a charger connected to node 3', async () => {
    const { op, charger } = await aSiteWithCharger();
    const watching = await aConsoleOn(node(2), op);
    const sim = sims.make(charger, { url: wsOf(node(3)) });
    await sim.boot();

    await sim.setStatus(1, 'Faulted', 'GroundFailure');
    await vi.waitFor(
      () =>
        expect(watching.about('charger.status', charger.id).at(-1)).toMatchObject({
          status: 'faulted',
          errorCode: 'GroundFailure',
          connector: { connectorId: 1, status: 'faulted', errorCode: 'GroundFailure' },
          charger: { id: charger.id, status: 'faulted', connected: true },
        }),
      { timeout: 10_000 },
    );
    // A sample is not stored: it reaches the other nodes as a notification only.
    await sim.sendMeterValues(1);
    await vi.waitFor(
      () =>
        expect(watching.about('meter.values', charger.id)[0]).toMatchObject({
          connectorId: 1,
          charger: { id: charger.id },
        }),
      { timeout: 10_000 },
    );
  });

  it('mails the report of a session on node 2 once, though all three nodes hear its stop', async () => {
    const { op, charger } = await aSiteWithCharger();
    const email = `driver-${aCardId().toLowerCase()}@example.com`;
    const card = await aCard(db, op.stationId, { email, subscribeReport: true });
    const sim = sims.make(charger, { url: wsOf(node(2)) });
    await sim.boot();
    await sim.startTransaction(1, card.cardId);
    await sim.stopTransaction(1, 'Local');

    const mailsTo = () => mailbox.messages.filter((m) => m.to === email);
    await vi.waitFor(() => expect(mailsTo()).toHaveLength(1), { timeout: 10_000 });
    await sleep(secondMailGraceMs);
    expect(mailsTo()).toHaveLength(1);
    const recorded = await db.selectFrom('outbox').select('id').where('to_email', '=', email).execute();
    expect(recorded).toHaveLength(1);
  });

  it('after a kill -9 of node 3, a charger that reconnects elsewhere delivers its queued stop once, and one that does not shows offline', async () => {
    const { charger: moving } = await aSiteWithCharger();
    const { charger: stranded } = await aSiteWithCharger();
    // Through the balancer: node 3 now, another node after the kill. The stranded one knows only node 3.
    const movingSim = sims.make(moving, { url: `ws://127.0.0.1:${balancer.port}/ocpp` });
    await movingSim.boot();
    await sims.make(stranded, { url: wsOf(node(3)) }).boot();
    expect(await chargerRow(moving.id)).toMatchObject({ connected: true, node_id: 'node-3' });
    const { transactionId } = await movingSim.startTransaction(1, 'CARD-K');

    const disconnected = once(movingSim.client, 'disconnect');
    await node(3).kill();
    const killedAt = Date.now();
    await disconnected;
    // Sent while the simulator reconnects, as a charger's offline queue would; delivered through another node.
    await movingSim.stopTransaction(1, 'Local');
    const [session, ...others] = await sessionsOf(moving.id);
    expect(others).toEqual([]);
    expect(session).toMatchObject({
      transaction_id: String(transactionId),
      status: 'complete',
      stop_reason: 'Local',
    });
    // The same stop again (its answer lost on the way, say) changes nothing.
    await movingSim.call('StopTransaction', {
      transactionId,
      meterStop: session!.meter_stop_wh!,
      timestamp: session!.end_time!.toISOString(),
      reason: 'Local',
    });
    expect(await sessionsOf(moving.id)).toEqual([session]);
    expect((await chargerRow(moving.id)).node_id).not.toBe('node-3');

    await vi.waitFor(
      async () =>
        expect(await chargerRow(stranded.id)).toMatchObject({
          connected: false,
          status: 'offline',
        }),
      { timeout: Math.max(0, killedAt + offlineBoundMs + schedulingSlackMs - Date.now()), interval: 100 },
    );
  });
});
