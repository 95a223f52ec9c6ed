import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { codes } from '@plugboard/contract';
import { buildApp } from '../app.ts';
import { aCharger } from '../modules/chargers/chargers.fixtures.ts';
import { nodeChannelName } from '../modules/nodes/nodes.service.ts';
import { listeningApp, simulators, storedRows, type OcppTestApp } from './ocpp.fixtures.ts';

// Two nodes in this process over one database (the several-nodes test runs real processes): node A is the test
// app, node B a second app on the same database.
let a: OcppTestApp;
let b: FastifyInstance;
let bUrl: string;

beforeAll(async () => {
  a = await listeningApp({ nodeId: 'node-a' });
  b = await buildApp({
    config: {
      logLevel: 'silent',
      webDist: path.resolve(import.meta.dirname, '../../../web/dist'),
      nodeId: 'node-b',
    },
    db: a.db,
  });
  await b.listen({ port: 0, host: '127.0.0.1' });
  bUrl = `ws://127.0.0.1:${(b.server.address() as AddressInfo).port}/ocpp`;
});
const simsA = simulators(() => a.url);
const simsB = simulators(() => bUrl);
afterEach(async () => {
  await simsA.stopAll();
  await simsB.stopAll();
});
afterAll(async () => {
  await b.close();
  await a.close();
});

const { chargerRow } = storedRows(() => a.db);

describe('a command routed to the node that holds the socket', () => {
  it("answers exactly what the charger answered on the other node, and a CALLERROR as that node's 1039", async () => {
    const charger = await aCharger(a.db);
    const sim = simsB.make(charger);
    await sim.boot();
    // A charger whose ClearCache fails answers a CALLERROR (the simulator's own succeeds).
    sim.client.handle('ClearCache', () => {
      throw new Error('cache locked');
    });
    const send = a.app.ocpp.registry.send;
    expect(a.app.ocpp.registry.isConnected(charger.product_code)).toBe(false);
    expect(await send(charger.product_code, 'GetConfiguration', {})).toEqual(
      await b.ocpp.registry.send(charger.product_code, 'GetConfiguration', {}),
    );
    await expect(send(charger.product_code, 'ClearCache', {})).rejects.toMatchObject({
      code: codes.operationFailed,
    });
  });

  it('answers 1003 within the timeout when the node on the row does not answer, and leaves no call behind', async () => {
    const charger = await aCharger(a.db);
    // A node alive by its heartbeat that listens to nothing (frozen, say).
    await a.db.insertInto('nodes').values({ id: 'node-mute' }).execute();
    await a.db
      .updateTable('chargers')
      .set({ connected: true, node_id: 'node-mute', connection_id: randomUUID() })
      .where('id', '=', charger.id)
      .execute();
    await expect(
      a.app.ocpp.registry.send(charger.product_code, 'Reset', { type: 'Soft' }, { timeoutMs: 300 }),
    ).rejects.toMatchObject({ code: codes.chargerOffline });
    expect(await a.db.selectFrom('node_calls').selectAll().execute()).toEqual([]);
  });
});

describe('one socket per charger across nodes', () => {
  it('a late notice from the other node does not close the newer socket this node holds', async () => {
    const charger = await aCharger(a.db);
    const first = simsA.raw(charger.product_code, charger.pin);
    await first.connect();
    await vi.waitFor(async () => expect((await chargerRow(charger.id)).node_id).toBe('node-a'));
    const firstId = (await chargerRow(charger.id)).connection_id;
    const firstClosed = once(first, 'close') as Promise<[{ code: number }]>;

    const onB = simsB.raw(charger.product_code, charger.pin);
    await onB.connect();
    expect((await firstClosed)[0].code).toBe(4000);
    const onBClosed = once(onB, 'close') as Promise<[{ code: number }]>;

    // Back to node A: node B is told to close its socket.
    const back = simsA.raw(charger.product_code, charger.pin);
    await back.connect();
    expect((await onBClosed)[0].code).toBe(4000);
    await vi.waitFor(async () => expect((await chargerRow(charger.id)).node_id).toBe('node-a'));

    // B's notice about the first socket, arriving only now.
    await sql`select pg_notify(${nodeChannelName('node-a')}, ${`replaced ${charger.product_code} ${firstId}`})`.execute(
      a.db,
    );
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(a.app.ocpp.registry.isConnected(charger.product_code)).toBe(true);
    expect(await back.call('Heartbeat', {})).toHaveProperty('currentTime');
    expect(await chargerRow(charger.id)).toMatchObject({ connected: true, node_id: 'node-a' });
  });
});
