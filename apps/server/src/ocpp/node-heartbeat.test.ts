import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { nodeService } from '../modules/nodes/nodes.service.ts';
import { listeningApp, type OcppTestApp } from './ocpp.fixtures.ts';

// Issue 15: a node that dies is noticed by the others within 2 ping intervals. Nodes beat every half interval and
// one whose beat is older than 1.5 intervals is dead, so the next half-interval sweep of any node notices it at most
// 2 intervals after its last beat (docs/ocpp.md, Several nodes).
const pingSeconds = 2;
let t: OcppTestApp;
beforeAll(async () => {
  t = await listeningApp({ ocppPingInterval: pingSeconds, nodeId: 'heartbeat-test-node' });
});
afterAll(() => t.close());

/** The age of each node's heartbeat by the database's clock, in ms. */
const heartbeatAges = async () =>
  (
    await sql<{ id: string; age: number }>`
      select id, extract(epoch from now() - heartbeat_at) * 1000 as age from nodes`.execute(t.db)
  ).rows.map((r) => ({ id: r.id, age: Number(r.age) }));

describe('node heartbeats', () => {
  it('counts a node dead once its beat is older than 1.5 intervals, not before', async () => {
    const nodes = nodeService({
      db: t.db,
      nodeId: 'node-judging',
      pingIntervalMs: pingSeconds * 1000,
      log: t.app.log,
    });
    const beatAgo = (id: string, seconds: number) =>
      t.db
        .insertInto('nodes')
        .values({ id, heartbeat_at: sql`now() - ${seconds} * interval '1 second'` })
        .execute();
    await beatAgo('node-quiet', 1.3 * pingSeconds);
    await beatAgo('node-gone', 1.7 * pingSeconds);
    const dead = await nodes.deadNodes();
    expect(dead).toContain('node-gone');
    expect(dead).not.toContain('node-quiet');
    expect(await nodes.isAlive('node-quiet')).toBe(true);
    expect(await nodes.isAlive('node-gone')).toBe(false);
    await t.db.deleteFrom('nodes').where('id', 'in', ['node-quiet', 'node-gone']).execute();
  });

  it('beats every half interval, so a live node is never near that age', async () => {
    let oldest = 0;
    const until = Date.now() + 2.5 * pingSeconds * 1000;
    while (Date.now() < until) {
      const own = (await heartbeatAges()).filter((n) => n.id === 'heartbeat-test-node');
      for (const n of own) oldest = Math.max(oldest, n.age);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    // Half an interval between beats, plus room for a loaded machine; a beat once an interval would reach 2 s.
    expect(oldest).toBeGreaterThan(0);
    expect(oldest).toBeLessThan(0.75 * pingSeconds * 1000);
  });
});
