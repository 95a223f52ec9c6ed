import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { Db, Trx } from '../../db/client.ts';

/** The channel that tells every node that something it may have cached is no longer allowed. */
export const revocationsChannel = 'plugboard_revocations';

/** What a change took away: every node drops what its caches hold of it (docs/security.md, Sessions and sites). */
export type Revocation =
  /** Logged out. */
  | { kind: 'sessions'; sessionIds: number[] }
  /** Everything of a user: their sessions (password changed, account changed or deleted) and their sites. */
  | { kind: 'user'; userId: number }
  /** A deleted site: nobody owns it any more. */
  | { kind: 'site'; stationId: number }
  /** A revoked display link (not cached: its open board's socket closes). */
  | { kind: 'display'; linkId: number };

/**
 * What a cache drops: a revocation, or everything: one it cannot read ('unknown'), the listener went down ('down':
 * nothing can be trusted) or came back ('up': something may have been missed meanwhile).
 */
type Drop = Revocation | 'unknown' | 'down' | 'up';

/**
 * How long a node that revokes waits for every listening node to say it heard it, before answering anyway: the
 * longest any cache here keeps a value, so that past it none read before the change can be left anywhere.
 */
const ackWaitMs = 2000;
/** The application_name of each node's events listener (event-listener.ts): how many there are is how many acks. */
const listenerName = 'plugboard-events';

type Message = (Revocation & { echo?: string }) | { ack: string };

/**
 * One node's revocations, per Db (as its caches are): whether its listener is up, a generation bumped by each
 * revocation heard (and each change of the listener), the caches to tell, and the revocations it made that it
 * waits to hear acknowledged.
 */
function newHub(db: Db) {
  let listening = 0;
  let generation = 0;
  const caches = new Set<(drop: Drop) => void>();
  const awaited = new Map<string, { acks: number; expected: number; done: () => void }>();
  const drop = (what: Drop) => {
    generation += 1;
    for (const cache of caches) cache(what);
  };
  const acknowledge = (echo: string) =>
    void notify(db, { ack: echo }).catch(() => {
      // the node that revoked stops waiting after ackWaitMs
    });
  return {
    caches,
    awaited,
    drop,
    /** Caches are used only while a listener is up: otherwise a revocation on another node would go unheard. */
    trusted: () => listening > 0,
    generation: () => generation,
    /** The listener's connection is up (LISTEN done) or down: either way what was cached is dropped. */
    listening: (up: boolean) => {
      listening = Math.max(0, listening + (up ? 1 : -1));
      drop(up ? 'up' : 'down');
    },
    /** A notification on the channel, from any node: a revocation (dropped, then acknowledged) or an ack. */
    hear: (text: string) => {
      let message: Message | undefined;
      try {
        message = JSON.parse(text) as Message;
      } catch {
        // dropped below, as everything
      }
      if (message && 'ack' in message) {
        const waiting = awaited.get(message.ack);
        if (waiting && ++waiting.acks >= waiting.expected) waiting.done();
        return;
      }
      const known = ['sessions', 'user', 'site', 'display'].includes(message?.kind ?? '');
      drop(known ? message! : 'unknown');
      if (message?.echo) acknowledge(message.echo);
    },
  };
}

type Hub = ReturnType<typeof newHub>;
const hubs = new WeakMap<Db, Hub>();

/** This node's revocations on `db`: the events listener reports to it (modules/events/events.service.ts). */
export function revocationHub(db: Db): Pick<Hub, 'listening' | 'hear'> {
  return hubOf(db);
}

function hubOf(db: Db): Hub {
  let hub = hubs.get(db);
  if (!hub) hubs.set(db, (hub = newHub(db)));
  return hub;
}

const notify = (db: Db | Trx, message: Message) =>
  sql`select pg_notify(${revocationsChannel}, ${JSON.stringify(message)})`.execute(db);

/**
 * Runs `change` in a transaction that also announces `revocation`: PostgreSQL delivers it to every node's
 * listener when the transaction commits, and to none if it rolls back. Once committed, this node drops it at once
 * and waits until every node that was listening has said it dropped it too (each acknowledges on the channel), or
 * `ackWaitMs` at most. A node not listening then trusts no cache; one that does not answer (frozen, or gone) can
 * hold nothing read before the change once that time is over. `transaction`: the transaction to run it in when
 * another service opens it (a code redeemed with the change); a new one of `db` by default.
 */
export async function revokeWith<T>(
  db: Db,
  revocation: Revocation,
  change: (trx: Trx) => Promise<T>,
  transaction: (work: (trx: Trx) => Promise<T>) => Promise<T> = (work) => db.transaction().execute(work),
): Promise<T> {
  const hub = hubOf(db);
  const echo = randomUUID();
  let done = () => {};
  const allHeard = new Promise<void>((resolve) => (done = resolve));
  const waiting = { acks: 0, expected: Infinity, done };
  hub.awaited.set(echo, waiting);
  try {
    const result = await transaction(async (trx) => {
      const changed = await change(trx);
      const { rows } = await sql<{ listeners: number }>`
        select count(*)::int as listeners from pg_stat_activity
        where application_name = ${listenerName} and datname = current_database()`.execute(trx);
      waiting.expected = rows[0]?.listeners ?? 0;
      await notify(trx, { ...revocation, echo });
      return changed;
    });
    hub.drop(revocation);
    if (waiting.acks >= waiting.expected) return result;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([allHeard, new Promise((resolve) => (timer = setTimeout(resolve, ackWaitMs)))]);
    clearTimeout(timer);
    return result;
  } finally {
    hub.awaited.delete(echo);
  }
}

/**
 * Calls `handler` with each revocation this node hears, and with 'all' when one may have been missed (its listener
 * came back, or one it cannot read): after the caches have dropped it. Returns the function that unsubscribes.
 */
export function onRevocation(db: Db, handler: (revocation: Revocation | 'all') => void): () => void {
  const hub = hubOf(db);
  const deferred = (what: Drop) => {
    if (what === 'down') return;
    const heard: Revocation | 'all' = typeof what === 'string' ? 'all' : what;
    void Promise.resolve(heard).then(handler);
  };
  hub.caches.add(deferred);
  return () => hub.caches.delete(deferred);
}

/**
 * Values read from the database and reused for up to `maxAgeMs` by this node, as long as nothing revoked them:
 * entries are dropped when a revocation they match is heard, from this node or another. While the events listener
 * is down nothing is reused (every call reads). A read that overlaps a revocation, or a change of the listener, is
 * not kept: it may have been read before the revocation committed and would outlive it.
 */
export function revocableCache<V>(
  db: Db,
  {
    maxAgeMs,
    maxEntries = 10_000,
    revokedBy,
  }: { maxAgeMs: number; maxEntries?: number; revokedBy: (revocation: Revocation, value: V) => boolean },
) {
  const hub = hubOf(db);
  const entries = new Map<string, { value: V; readAt: number }>();
  const forget = (match: (value: V) => boolean) => {
    for (const [key, { value }] of entries) if (match(value)) entries.delete(key);
  };
  hub.caches.add((what) => {
    if (typeof what === 'string') entries.clear();
    else forget((value) => revokedBy(what, value));
  });
  return {
    /** The value kept for `key`, or what `read` finds now (undefined: nothing, and nothing is kept). */
    get: async (key: string, read: () => Promise<V | undefined>): Promise<V | undefined> => {
      const t = performance.now();
      const hit = entries.get(key);
      if (hit && t - hit.readAt < maxAgeMs && hub.trusted()) return hit.value;
      const generation = hub.generation();
      const value = await read();
      if (value === undefined) entries.delete(key);
      else if (hub.trusted() && hub.generation() === generation) {
        if (entries.size >= maxEntries) entries.clear();
        entries.set(key, { value, readAt: t });
      }
      return value;
    },
    /** Drops entries on this node only (what a session carries changed, and is re-read at its next call). */
    forget,
  };
}
