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
  | { kind: 'site'; stationId: number };

/** What a cache drops: a revocation, or everything (one it cannot read, or the listener went down or came back). */
type Drop = Revocation | 'all';

/** How long a node that revokes waits for its own listener to hear it, before answering anyway. */
const echoWaitMs = 500;

/**
 * One node's revocations, per Db (as its caches are): whether its listener is up, a generation bumped by each
 * revocation heard (and each change of the listener), and the caches to tell.
 */
function newHub() {
  let listening = 0;
  let generation = 0;
  const caches = new Set<(drop: Drop) => void>();
  const echoes = new Map<string, () => void>();
  const drop = (what: Drop) => {
    generation += 1;
    for (const cache of caches) cache(what);
  };
  return {
    caches,
    echoes,
    drop,
    /** Caches are used only while a listener is up: otherwise a revocation on another node would go unheard. */
    trusted: () => listening > 0,
    generation: () => generation,
    /** The listener's connection is up (LISTEN done) or down: either way what was cached is dropped. */
    listening: (up: boolean) => {
      listening = Math.max(0, listening + (up ? 1 : -1));
      drop('all');
    },
    /** A notification on the channel, from any node. */
    hear: (text: string) => {
      let message: (Revocation & { echo?: string }) | undefined;
      try {
        message = JSON.parse(text) as Revocation & { echo?: string };
      } catch {
        // dropped below, as everything
      }
      const known = message?.kind === 'sessions' || message?.kind === 'user' || message?.kind === 'site';
      drop(known ? message! : 'all');
      if (message?.echo) echoes.get(message.echo)?.();
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
  if (!hub) hubs.set(db, (hub = newHub()));
  return hub;
}

/**
 * Runs `change` in a transaction that also announces `revocation`: PostgreSQL delivers it to every node's
 * listener when the transaction commits, and to none if it rolls back. Once committed, this node drops it at once
 * and waits (briefly) until its own listener has heard it: the others, notified by the same commit, have heard it
 * too by then, short of a node whose listener is down, and that one trusts no cache.
 */
export async function revokeWith<T>(
  db: Db,
  revocation: Revocation,
  change: (trx: Trx) => Promise<T>,
): Promise<T> {
  const hub = hubOf(db);
  const echo = randomUUID();
  let heard = () => {};
  const wasHeard = new Promise<void>((resolve) => (heard = resolve));
  hub.echoes.set(echo, heard);
  try {
    const result = await db.transaction().execute(async (trx) => {
      const done = await change(trx);
      await sql`select pg_notify(${revocationsChannel}, ${JSON.stringify({ ...revocation, echo })})`.execute(
        trx,
      );
      return done;
    });
    hub.drop(revocation);
    if (hub.trusted()) {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([wasHeard, new Promise((resolve) => (timer = setTimeout(resolve, echoWaitMs)))]);
      clearTimeout(timer);
    }
    return result;
  } finally {
    hub.echoes.delete(echo);
  }
}

/** Announces a revocation on its own, after the change committed elsewhere (what a session carries changed). */
export const announceRevocation = (db: Db, revocation: Revocation): Promise<void> =>
  revokeWith(db, revocation, async () => {});

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
    if (what === 'all') entries.clear();
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
