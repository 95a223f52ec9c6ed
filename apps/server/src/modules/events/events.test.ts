import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import pino from 'pino';
import { sql } from 'kysely';
import pg from 'pg';
import { createSharedDatabase, type SharedDatabase } from '../../../test/helpers.ts';
import { createDb, type Db } from '../../db/client.ts';
import type { AppEvents, EventEnvelope, EventName } from '../../lib/event-bus.ts';
import { aStation } from '../chargers/chargers.fixtures.ts';
import { readNotice } from './event-notice.ts';
import { eventsChannel } from './events.repository.ts';
import { eventRetentionMs, eventsService, eventWriter, type EventsService } from './events.service.ts';
import { packed } from './signals.ts';

// Several nodes in one test: each has its own pool and its own listening connection on one database.
const log = pino({ level: 'silent' });
let shared: SharedDatabase;
let db: Db;
let stationId: number;

beforeAll(async () => {
  shared = await createSharedDatabase();
  db = shared.db;
  stationId = await aStation(db);
});
afterAll(() => shared.close());

/** A node: its own pool and event bus, listening. */
async function aNode(now = () => new Date()): Promise<EventsService & { db: Db }> {
  const nodeDb = createDb(shared.url, { max: 2 });
  const events = eventsService({
    db: nodeDb,
    now,
    log,
    listener: { backoff: { firstMs: 5, maxMs: 50 }, batchSize: 7 },
  });
  await events.start();
  shared.closeLater(() => events.close().then(() => nodeDb.destroy()));
  return { ...events, db: nodeDb };
}

/** What a node's subscribers receive of one type. */
function received<E extends EventName>(node: EventsService, type: E) {
  const events: EventEnvelope<E>[] = [];
  node.subscribe(type, (_payload, event) => events.push(event));
  return events;
}

let charger = 0;
const aChange = (): AppEvents['charger.changed'] => ({
  stationId,
  chargerId: ++charger,
  change: 'updated',
});

/** Writes a change's event in a transaction of its own. */
const write = (node: { db: Db } & Pick<EventsService, 'append'>, payload = aChange()) =>
  node.db
    .transaction()
    .execute((trx) => node.append(trx, 'charger.changed', payload))
    .then(() => payload);

const chargersIn = (events: EventEnvelope<'charger.changed'>[]) => events.map((e) => e.payload.chargerId);

describe('events across nodes', () => {
  it('reach the subscribers of every node once their transaction commits, as JSON-safe envelopes', async () => {
    const [a, b] = [await aNode(), await aNode()];
    const [atA, atB] = [received(a, 'charger.changed'), received(b, 'charger.changed')];
    const change = await write(a);
    await vi.waitFor(() => {
      expect(atA).toHaveLength(1);
      expect(atB).toHaveLength(1);
    });
    expect(atB[0]).toEqual(atA[0]);
    expect(atA[0]).toMatchObject({ type: 'charger.changed', version: 1, stationId, payload: change });
    expect(atA[0]!.id).toMatch(/^\d+$/);
    expect(new Date(atA[0]!.occurredAt).toISOString()).toBe(atA[0]!.occurredAt);
  });

  it('deliver an event too large for a notification by reading it, and an event as the table keeps it', async () => {
    const node = await aNode();
    const seen = received(node, 'charger.changed');
    // 'updated' with a long product code stands for any payload over PostgreSQL's 8,000-byte notification limit.
    const large = { ...aChange(), productCode: 'X'.repeat(9000) } as AppEvents['charger.changed'];
    const small = aChange();
    await write(node, large);
    await write(node, small);
    await vi.waitFor(() => expect(chargersIn(seen)).toEqual([large.chargerId, small.chargerId]));
    const rows = await node.db
      .selectFrom('events')
      .selectAll()
      .where(
        'id',
        'in',
        seen.map((e) => Number(e.id)),
      )
      .orderBy('id')
      .execute();
    expect(seen.map((e) => [e.id, e.occurredAt])).toEqual(
      rows.map((r) => [String(r.id), r.occurred_at.toISOString()]),
    );
  });

  it('share notifications within a transaction: each below the limit, events in id order, a large one by its id', async () => {
    const [a, b] = [await aNode(), await aNode()];
    const atB = received(b, 'charger.changed');
    // What goes over the channel, as a listening node hears it.
    const ear = new pg.Client({ connectionString: shared.url });
    await ear.connect();
    shared.closeLater(() => ear.end());
    const heard: string[] = [];
    ear.on('notification', (n) => heard.push(n.payload ?? ''));
    await ear.query(`listen ${eventsChannel}`);
    // 1 KB events (a status batch's are about 400 bytes) and one too large for any notification among them.
    const changes = Array.from({ length: 40 }, (_, i) =>
      i === 17
        ? ({ ...aChange(), productCode: 'L'.repeat(9000) } as AppEvents['charger.changed'])
        : ({ ...aChange(), productCode: 'P'.repeat(1000) } as AppEvents['charger.changed']),
    );
    await a.db.transaction().execute((trx) => a.append(trx, 'charger.changed', ...changes));
    await vi.waitFor(() => expect(chargersIn(atB)).toEqual(changes.map((c) => c.chargerId)));
    const ids = atB.map((e) => Number(e.id));
    expect(ids).toEqual([...ids].sort((x, y) => x - y));
    expect(atB[17]!.payload).toEqual(changes[17]);
    await vi.waitFor(() => expect(heard.length).toBeGreaterThan(0));
    expect(heard.length).toBeLessThanOrEqual(15); // 40 events, each with its head
    for (const text of heard) expect(Buffer.byteLength(text)).toBeLessThan(7900);
    const notices = heard.map((text) => readNotice(text)!);
    expect(notices.flatMap((n) => n.heads.map((h) => h.id))).toEqual(ids);
    for (const { heads, json } of notices) {
      expect(heads.every((h) => h.type === 'charger.changed' && h.stationId === stationId)).toBe(true);
      // Every event's JSON but the large one's, behind the heads of the same ids.
      const carried = json === '' ? [] : (JSON.parse(json) as EventEnvelope[]);
      expect(carried.map((e) => Number(e.id))).toEqual(json === '' ? [] : heads.map((h) => h.id));
      expect(carried.map((e) => e.payload)).toEqual(
        carried.map((e) =>
          changes.find((c) => c.chargerId === (e.payload as { chargerId: number }).chargerId),
        ),
      );
    }
    expect(notices.filter((n) => n.json === '').map((n) => n.heads.map((h) => h.chargerId))).toEqual([
      [changes[17]!.chargerId],
    ]);
  });

  it('reach a subscriber with a filter only for the sites it accepts, others on the same node for all', async () => {
    const [a, b] = [await aNode(), await aNode()];
    const otherSite = await aStation(db);
    const filtered: number[] = [];
    b.subscribe(
      'charger.changed',
      (e) => filtered.push(e.chargerId),
      (site) => site === otherSite,
    );
    const all = received(b, 'charger.changed');
    const skipped = await write(a);
    const kept = await write(a, { ...aChange(), stationId: otherSite });
    await vi.waitFor(() => expect(chargersIn(all)).toEqual([skipped.chargerId, kept.chargerId]));
    expect(filtered).toEqual([kept.chargerId]);
  });

  it('read the notifications of older nodes: an event as JSON, several as an array, one by its id alone', async () => {
    const node = await aNode();
    const seen = received(node, 'charger.changed');
    const changes = [aChange(), aChange(), aChange(), aChange()];
    const ids = await node.db.transaction().execute(async (trx) => {
      const { rows } = await sql<{ id: number; occurred_at: Date }>`
        insert into events (type, version, station_id, payload, occurred_at)
        select 'charger.changed', 1, ${stationId}, p, now() from unnest(${changes.map((c) => JSON.stringify(c))}::jsonb[]) p
        returning id, occurred_at`.execute(trx);
      const envelopes = rows.map(({ id, occurred_at }, i) => ({
        id: String(id),
        type: 'charger.changed',
        version: 1,
        occurredAt: occurred_at.toISOString(),
        stationId,
        payload: changes[i],
      }));
      const older = [envelopes[0], [envelopes[1], envelopes[2]], { id: String(rows[3]!.id) }];
      await sql`select pg_notify(${eventsChannel}, t) from unnest(${older.map((o) => JSON.stringify(o))}::text[]) t`.execute(
        trx,
      );
      return rows.map((r) => String(r.id));
    });
    await vi.waitFor(() => expect(chargersIn(seen)).toEqual(changes.map((c) => c.chargerId)));
    expect(seen.map((e) => e.id)).toEqual(ids);
  });

  it('never announce a change that was rolled back', async () => {
    const node = await aNode();
    const seen = received(node, 'charger.changed');
    const rolledBack = aChange();
    await expect(
      node.db.transaction().execute(async (trx) => {
        await node.append(trx, 'charger.changed', rolledBack);
        throw new Error('the change fails');
      }),
    ).rejects.toThrow('the change fails');
    const later = await write(node);
    await vi.waitFor(() => expect(chargersIn(seen)).toContain(later.chargerId));
    expect(chargersIn(seen)).not.toContain(rolledBack.chargerId);
  });

  it('deliver an event whose transaction commits after one written later', async () => {
    const node = await aNode();
    const seen = received(node, 'charger.changed');
    const early = aChange();
    let commit = () => {};
    const held = new Promise<void>((resolve) => (commit = resolve));
    let appended = () => {};
    const isAppended = new Promise<void>((resolve) => (appended = resolve));
    const open = node.db.transaction().execute(async (trx) => {
      await node.append(trx, 'charger.changed', early);
      appended();
      await held;
    });
    await isAppended;
    const late = await write(node);
    await vi.waitFor(() => expect(chargersIn(seen)).toEqual([late.chargerId]));
    commit();
    await open;
    await vi.waitFor(() => expect(chargersIn(seen)).toEqual([late.chargerId, early.chargerId]));
    expect(Number(seen[1]!.id)).toBeLessThan(Number(seen[0]!.id));
  });

  it('lose nothing when the listening connections drop, and deliver each event once', async () => {
    const [a, b] = [await aNode(), await aNode()];
    const [atA, atB] = [received(a, 'charger.changed'), received(b, 'charger.changed')];
    const written: number[] = [];
    let terminated = 0;
    for (let i = 0; i < 60; i++) {
      written.push((await write(i % 2 ? a : b)).chargerId);
      if (i === 20 || i === 40) {
        const { rows } = await sql<{ pid: number }>`
          select pg_terminate_backend(pid) as pid from pg_stat_activity
          where application_name = 'plugboard-events' and datname = current_database()`.execute(db);
        terminated += rows.length;
      }
    }
    // Both nodes' listeners, twice (and the other tests' ones).
    expect(terminated).toBeGreaterThanOrEqual(4);
    await vi.waitFor(() => {
      expect(chargersIn(atA)).toEqual(expect.arrayContaining(written));
      expect(chargersIn(atB)).toEqual(expect.arrayContaining(written));
    });
    for (const seen of [atA, atB]) {
      const ids = seen.map((e) => e.id);
      expect(new Set(ids).size).toBe(ids.length);
      expect(ids).toHaveLength(written.length);
    }
  });

  it('send samples of many connectors packed into notifications below the limit, each sample once', async () => {
    const [a, b] = [await aNode(), await aNode()];
    const atB = received(b, 'meter.values');
    const readings = [
      { sampledAt: '2026-03-01T09:00:00.000Z', energyWh: 100, powerW: 11_000, currents: [16, 16, 16] },
    ] satisfies AppEvents['meter.values']['readings'];
    for (let connectorId = 1; connectorId <= 100; connectorId++)
      a.signal('meter.values', { stationId, chargerId: 7, connectorId, sessionId: null, readings });
    await vi.waitFor(() => expect(atB).toHaveLength(100));
    expect(atB.map((e) => e.payload.connectorId).sort((x, y) => x - y)).toEqual(
      Array.from({ length: 100 }, (_, i) => i + 1),
    );
  });

  it('pack texts into JSON arrays below the limit, in order; a text alone as it is', () => {
    const texts = Array.from({ length: 50 }, (_, i) => JSON.stringify({ i, pad: 'x'.repeat(300) }));
    const packs = packed(texts, 2000);
    expect(packs.length).toBeGreaterThan(1);
    for (const text of packs) expect(Buffer.byteLength(text)).toBeLessThanOrEqual(2000);
    expect(packs.flatMap((text) => JSON.parse(text) as unknown[])).toEqual(
      texts.map((t) => JSON.parse(t) as unknown),
    );
    expect(packed([texts[0]!])).toEqual([texts[0]]);
    expect(packed([])).toEqual([]);
  });

  it('send samples (meter values) to every node without storing them', async () => {
    const [a, b] = [await aNode(), await aNode()];
    const atB = received(b, 'meter.values');
    const readings = [
      { sampledAt: '2026-03-01T09:00:00.000Z', energyWh: 100, powerW: 11_000, currents: [16, 16, 16] },
    ] satisfies AppEvents['meter.values']['readings'];
    a.signal('meter.values', { stationId, chargerId: 9, connectorId: 1, sessionId: null, readings });
    await vi.waitFor(() => expect(atB).toHaveLength(1));
    expect(atB[0]).toMatchObject({ type: 'meter.values', stationId, payload: { chargerId: 9, readings } });
    const stored = await db.selectFrom('events').select('id').where('type', '=', 'meter.values').execute();
    expect(stored).toEqual([]);
  });

  it('are pruned after a week by whichever node starts or runs its hourly job', async () => {
    const old = aChange();
    const aWeekAgo = () => new Date(Date.now() - eventRetentionMs - 60_000);
    await db.transaction().execute((trx) => eventWriter(aWeekAgo).append(trx, 'charger.changed', old));
    const kept = await write(await aNode());
    const chargersStored = async () =>
      (
        await db
          .selectFrom('events')
          .select(sql<number>`(payload->>'chargerId')::int`.as('c'))
          .execute()
      ).map((r) => r.c);
    await vi.waitFor(async () => expect(await chargersStored()).not.toContain(old.chargerId));
    expect(await chargersStored()).toContain(kept.chargerId);
  });
});
