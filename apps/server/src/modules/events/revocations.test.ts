import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import pino from 'pino';
import { sql } from 'kysely';
import { createSharedDatabase, type SharedDatabase } from '../../../test/helpers.ts';
import { createDb, type Db } from '../../db/client.ts';
import { eventsService } from './events.service.ts';
import { revocableCache, revokeWith } from './revocations.ts';

// Nodes in this process, each with its own pool and listener on one database, as in events.test.ts.
const log = pino({ level: 'silent' });
let shared: SharedDatabase;

beforeAll(async () => {
  shared = await createSharedDatabase();
});
afterAll(() => shared.close());

async function aNode(reconnectAfterMs = 5) {
  const db = createDb(shared.url, { max: 2 });
  const events = eventsService({
    db,
    now: () => new Date(),
    log,
    listener: { backoff: { firstMs: reconnectAfterMs, maxMs: reconnectAfterMs } },
  });
  await events.start();
  shared.closeLater(() => events.close().then(() => db.destroy()));
  return db;
}

/**
 * A cache of site ids on a node, kept a minute unless revoked, and how many times it read the database. `gate`
 * holds the next read until it is opened.
 */
function aSiteCache(db: Db) {
  const cache = revocableCache<number>(db, {
    maxAgeMs: 60_000,
    revokedBy: (revocation, site) => revocation.kind === 'site' && revocation.stationId === site,
  });
  let reads = 0;
  let gate: Promise<void> | undefined;
  return {
    get: (site: number) =>
      cache.get(String(site), async () => {
        reads += 1;
        await gate;
        return site;
      }),
    reads: () => reads,
    hold: () => {
      let open = () => {};
      gate = new Promise<void>((resolve) => (open = resolve));
      return () => {
        gate = undefined;
        open();
      };
    },
  };
}

const revokeSite = (db: Db, stationId: number) => revokeWith(db, { kind: 'site', stationId }, async () => {});
/**
 * Returns once `db`'s node has heard what committed before: notifications come in commit order, and its own
 * revocation returns once its listener heard it.
 */
const heardSoFar = (db: Db) => revokeWith(db, { kind: 'sessions', sessionIds: [] }, async () => {});

describe('a cache that revocations empty', () => {
  it('reuses what it read until a revocation of it commits on another node', async () => {
    const [a, b] = [await aNode(), await aNode()];
    const cache = aSiteCache(b);
    await cache.get(1);
    await cache.get(1);
    expect(cache.reads()).toBe(1);
    await revokeSite(a, 2);
    await heardSoFar(b);
    await cache.get(1);
    expect(cache.reads()).toBe(1);
    await revokeSite(a, 1);
    await heardSoFar(b);
    await cache.get(1);
    expect(cache.reads()).toBe(2);
  });

  it('announces nothing when the change rolls back', async () => {
    const [a, b] = [await aNode(), await aNode()];
    const cache = aSiteCache(b);
    await cache.get(3);
    await expect(
      revokeWith(a, { kind: 'site', stationId: 3 }, () => Promise.reject(new Error('the change fails'))),
    ).rejects.toThrow('the change fails');
    await heardSoFar(b);
    await cache.get(3);
    expect(cache.reads()).toBe(1);
  });

  it('does not keep a read that a revocation overtook: it may predate the revocation', async () => {
    const [a, b] = [await aNode(), await aNode()];
    const cache = aSiteCache(b);
    const open = cache.hold();
    const reading = cache.get(4);
    await revokeSite(a, 4);
    await heardSoFar(b);
    open();
    expect(await reading).toBe(4);
    await cache.get(4);
    expect(cache.reads()).toBe(2);
  });

  it('reuses nothing while its listening connection is down, and reuses again once it listens', async () => {
    // Reconnecting waits 1.5 s, long enough to see the node without a listener.
    const node = await aNode(1500);
    const cache = aSiteCache(node);
    await cache.get(5);
    await cache.get(5);
    expect(cache.reads()).toBe(1);
    await sql`select pg_terminate_backend(pid) from pg_stat_activity
      where application_name = 'plugboard-events' and datname = current_database()`.execute(shared.db);
    await vi.waitFor(
      async () => {
        const before = cache.reads();
        await cache.get(5);
        await cache.get(5);
        expect(cache.reads()).toBe(before + 2);
      },
      { timeout: 1000, interval: 10 },
    );
    await vi.waitFor(
      async () => {
        const before = cache.reads();
        await cache.get(5);
        await cache.get(5);
        expect(cache.reads()).toBe(before + 1);
      },
      { timeout: 10_000, interval: 50 },
    );
  });
});
