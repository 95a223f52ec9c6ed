import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { aCharger } from '../modules/chargers/chargers.fixtures.ts';
import { listeningApp, simulators, type OcppTestApp, storedRows } from './ocpp.fixtures.ts';

let t: OcppTestApp;
const sims = simulators(() => t.url);

beforeAll(async () => {
  // The sweep runs every ping interval.
  t = await listeningApp({ ocppPingInterval: 0.1 });
});
afterEach(() => sims.stopAll());
afterAll(() => t.close());

const { chargerRow, sessionsOf } = storedRows(() => t.db);

/** A charger left charging on a node whose last beat was an hour ago, last seen at `lastSeenAt`. */
async function aChargerOfASilentNode(nodeId: string, lastSeenAt: Date) {
  const charger = await aCharger(t.db);
  await t.db
    .insertInto('nodes')
    .values({ id: nodeId, heartbeat_at: new Date(Date.now() - 3600_000) })
    .execute();
  await t.db
    .updateTable('chargers')
    .set({
      connected: true,
      status: 'charging',
      node_id: nodeId,
      connection_id: crypto.randomUUID(),
      last_seen_at: lastSeenAt,
    })
    .where('id', '=', charger.id)
    .execute();
  return charger;
}

describe('the sweep', () => {
  it('marks offline a charger left connected by a node that died', async () => {
    const charger = await aCharger(t.db);
    // As another node would have left it: connected, then no one vouching for it any more.
    await t.db
      .updateTable('chargers')
      .set({
        connected: true,
        status: 'charging',
        connection_id: crypto.randomUUID(),
        last_seen_at: t.clock.now(),
      })
      .where('id', '=', charger.id)
      .execute();
    await vi.waitFor(async () =>
      expect(await chargerRow(charger.id)).toMatchObject({ connected: false, status: 'offline' }),
    );
  });

  it('marks offline the chargers of a node whose heartbeat stopped, and forgets that node', async () => {
    // Seen far ahead: only the node's silence can take it offline.
    const charger = await aChargerOfASilentNode('node-gone', new Date(Date.now() + 3600_000));
    await vi.waitFor(async () =>
      expect(await chargerRow(charger.id)).toMatchObject({ connected: false, status: 'offline' }),
    );
    const nodes = await t.db.selectFrom('nodes').select('id').execute();
    expect(nodes.map((n) => n.id)).not.toContain('node-gone');
    expect(nodes).toHaveLength(1);
  });

  it('keeps the chargers this node holds online, however long they stay quiet', async () => {
    const charger = await aCharger(t.db);
    const sim = sims.make(charger);
    await sim.boot();
    t.clock.advance(3600_000);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await chargerRow(charger.id)).toMatchObject({ connected: true, status: 'available' });
  });

  it('writes nothing for the quiet chargers it holds: its own heartbeat vouches for them', async () => {
    const charger = await aCharger(t.db);
    const sim = sims.make(charger);
    await sim.boot();
    const version = async () =>
      (await sql<{ xmin: string }>`select xmin::text from chargers where id = ${charger.id}`.execute(t.db))
        .rows[0]?.xmin;
    const before = await version();
    // Several full passes (every 100 ms here).
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(await version()).toBe(before);
    expect(await chargerRow(charger.id)).toMatchObject({ connected: true, status: 'available' });
  });

  it("shows a dead node's chargers last seen about when their node was", async () => {
    const charger = await aChargerOfASilentNode(
      'node-silent',
      new Date(t.clock.now().getTime() - 24 * 3600_000),
    );
    await vi.waitFor(async () => expect((await chargerRow(charger.id)).connected).toBe(false));
    // Its node was found dead 1.5 ping intervals (150 ms) after its last beat it had been heard of: not a day ago.
    const seen = (await chargerRow(charger.id)).last_seen_at!.getTime();
    expect(t.clock.now().getTime() - seen).toBeLessThan(5000);
  });

  it('claims back a charger another node marked offline while this node still holds its socket', async () => {
    const charger = await aCharger(t.db);
    const sim = sims.make(charger);
    await sim.boot();
    // Another node's sweep, while this node could not reach the database.
    await t.db
      .updateTable('chargers')
      .set({ connected: false, status: 'offline' })
      .where('id', '=', charger.id)
      .execute();
    await vi.waitFor(async () =>
      expect(await chargerRow(charger.id)).toMatchObject({ connected: true, status: 'available' }),
    );
  });

  it('closes a session of a charger offline for 24 hours at its last meter value; a late stop corrects it', async () => {
    const charger = await aCharger(t.db);
    const sim = sims.make(charger);
    await sim.boot();
    const started = new Date(t.clock.now().getTime() - 3600_000);
    const { transactionId } = await sim.call('StartTransaction', {
      connectorId: 1,
      idTag: 'CARD1',
      meterStart: 1000,
      timestamp: started.toISOString(),
    });
    const lastReadingAt = new Date(started.getTime() + 1800_000);
    await sim.call('MeterValues', {
      connectorId: 1,
      transactionId,
      meterValue: [{ timestamp: lastReadingAt.toISOString(), sampledValue: [{ value: '6000' }] }],
    });
    await sim.stop();
    await vi.waitFor(async () => expect((await chargerRow(charger.id)).connected).toBe(false));

    t.clock.advance(23 * 3600_000);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect((await sessionsOf(charger.id))[0]?.status).toBe('ongoing');

    t.clock.advance(2 * 3600_000);
    await vi.waitFor(async () =>
      expect((await sessionsOf(charger.id))[0]).toMatchObject({
        status: 'complete',
        stop_reason: 'offlineTimeout',
        meter_stop_wh: 6000,
        energy_wh: 5000,
        end_time: lastReadingAt,
        flags: ['offlineTimeout'],
      }),
    );

    // The charger comes back and delivers the stop it had queued.
    const back = sims.make(charger);
    await back.connect();
    await back.call('StopTransaction', {
      transactionId,
      meterStop: 7000,
      timestamp: new Date(started.getTime() + 2 * 3600_000).toISOString(),
      reason: 'Local',
    });
    const sessions = await sessionsOf(charger.id);
    expect(sessions).toHaveLength(1);
    expect(sessions[0]).toMatchObject({
      status: 'complete',
      meter_stop_wh: 7000,
      energy_wh: 6000,
      stop_reason: 'Local',
    });
  });
});
