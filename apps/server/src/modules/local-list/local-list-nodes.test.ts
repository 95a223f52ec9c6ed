import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.ts';
import { listeningApp, simulators, type OcppTestApp } from '../../ocpp/ocpp.fixtures.ts';
import { aCardId } from '../cards/cards.fixtures.ts';
import { aCharger, anOperatorWithSite, callerFor } from '../chargers/chargers.fixtures.ts';

// Two nodes in this process over one database: the console's calls go to node A, the charger's socket is on node B.
let a: OcppTestApp;
let b: FastifyInstance;
let bUrl: string;

beforeAll(async () => {
  a = await listeningApp({ nodeId: 'node-a' });
  b = await buildApp({
    config: {
      logLevel: 'silent',
      webDist: path.resolve(import.meta.dirname, '../../../../web/dist'),
      nodeId: 'node-b',
    },
    db: a.db,
  });
  await b.listen({ port: 0, host: '127.0.0.1' });
  bUrl = `ws://127.0.0.1:${(b.server.address() as AddressInfo).port}/ocpp`;
});
const simsB = simulators(() => bUrl);
afterEach(() => simsB.stopAll());
afterAll(async () => {
  await b.close();
  await a.close();
});

describe('the local list and reservations across nodes', () => {
  it('reach a charger held by another node: the Full list, a card added through node A, a reservation', async () => {
    const op = await anOperatorWithSite(a.db);
    const as = callerFor(a.app, op);
    const charger = await aCharger(a.db, { stationId: op.stationId });
    const sim = simsB.make(charger);
    await sim.boot();
    expect(await as('/cms-system/system/local-list/v2/save', { enabled: true })).toMatchObject({
      status: 200,
    });
    await vi.waitFor(() => expect(sim.localList.state.enabled).toBe(true));

    const cardId = aCardId();
    const added = await as('/cms-system/system/card/v2/add', { cardId, holder: 'Ana Costa' });
    expect(added).toMatchObject({ status: 200 });
    await vi.waitFor(() =>
      expect(sim.localList.entries.get(cardId.toLowerCase())).toEqual({ status: 'Accepted' }),
    );

    const reserved = await as('/cms-system/system/reservation/v2/add', {
      chargerId: charger.id,
      connectorId: 1,
      idTag: cardId,
      expiryDate: new Date(Date.now() + 600_000).toISOString(),
    });
    expect(reserved).toMatchObject({ status: 200, data: { status: 'Accepted' } });
    expect([...sim.reservations.values()]).toEqual([
      expect.objectContaining({ idTag: cardId, connectorId: 1 }),
    ]);
  });
});
