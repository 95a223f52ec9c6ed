import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { EventEnvelope } from '../../lib/event-bus.ts';
import { eventCursor, type EventCursor } from './event-cursor.ts';
import { readNotice } from './event-notice.ts';
import {
  envelopeOf,
  eventsChannel,
  signalsChannel,
  type EventRow,
  type EventsRepository,
} from './events.repository.ts';

export type EventListenerDeps = {
  /** A new connection of its own, not yet connected (not from the pool: LISTEN holds it). */
  connect: () => pg.Client;
  repo: Pick<EventsRepository, 'read' | 'tail'>;
  /** Delivers an event to this node's subscribers. */
  dispatch: (event: EventEnvelope) => void;
  /** Whether a subscriber of this node wants an event of that type, site and charger (lib/event-bus.ts). */
  wants?: (type: string, stationId: number, chargerId: number | undefined) => boolean;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
  batchSize?: number;
  /** Reconnecting waits `firstMs`, then twice as long after each failure, up to `maxMs`. */
  backoff?: { firstMs: number; maxMs: number };
  cursor?: Partial<Parameters<typeof eventCursor>[0]>;
  /** More channels to LISTEN on, with what to do with each notification (revocations: ./revocations.ts). */
  channels?: Record<string, (payload: string) => void>;
  /** Told when the connection is listening (after each connect) and when it is lost or closed. */
  onListening?: (up: boolean) => void;
};

/** The ids a node starts with: the last committed, and those before it that may still commit (gaps). */
const startWindow = 1000;

/**
 * One node's ear: a connection of its own LISTENs on the events and signals channels. A notification of an event
 * carries it (event-notice.ts) and is delivered as it comes (the cursor keeps the ids seen, so nothing is delivered twice); the table
 * is read, in id order and in batches, at start, after a reconnect, for an event too large to be carried, and when
 * someone waits for `caughtUp`. After the connection drops it reconnects with backoff and reads from its cursor, so
 * no event is lost: LISTEN comes before the read, so one committed meanwhile is either read or notified. A signal
 * carries its event and is never read back.
 */
export function eventListener({
  connect,
  repo,
  dispatch,
  wants = () => true,
  log,
  batchSize = 500,
  backoff = { firstMs: 100, maxMs: 5000 },
  cursor: cursorOptions = {},
  channels = {},
  onListening = () => {},
}: EventListenerDeps) {
  let client: pg.Client | undefined;
  /** Whether `onListening(true)` was the last said. */
  let up = false;
  const setUp = (now: boolean) => {
    if (up === now) return;
    up = now;
    onListening(now);
  };
  let cursor: EventCursor | undefined;
  let closed = false;
  let failures = 0;
  const timers: { reconnect?: NodeJS.Timeout; read?: NodeJS.Timeout } = {};
  let reading: Promise<void> | undefined;
  let readAgain = false;
  /** Reads begun so far; callers of `caughtUp` wait for one begun after their call that reaches their id. */
  let reads = 0;
  let waiters: { id: number; read: number; resolve: () => void }[] = [];

  const retryAfterBackoff = (timer: keyof typeof timers, what: () => void) => {
    if (closed || timers[timer]) return;
    const wait = Math.min(backoff.maxMs, backoff.firstMs * 2 ** failures);
    failures += 1;
    timers[timer] = setTimeout(() => {
      timers[timer] = undefined;
      what();
    }, wait);
  };

  const readBatches = async (at: EventCursor) => {
    const round = ++reads;
    for (;;) {
      const position = at.position();
      const rows: EventRow[] = await repo.read(position.after, position.gaps, batchSize);
      if (closed) return;
      const fresh = new Set(at.advance(rows.map((r) => r.id)));
      for (const row of rows) {
        if (!fresh.has(row.id)) continue; // delivered by its notification meanwhile
        const event = envelopeOf(row);
        if (event) dispatch(event);
        else log.warn({ id: row.id, version: row.version }, 'events: a version this node does not know');
      }
      if (rows.length < batchSize) break;
    }
    const { after } = at.position();
    const done = waiters.filter((w) => w.read < round && w.id <= after);
    waiters = waiters.filter((w) => !done.includes(w));
    for (const waiter of done) waiter.resolve();
  };

  /** One read at a time; notifications during a read make one more. */
  const read = () => {
    if (closed || !cursor) return;
    if (reading) {
      readAgain = true;
      return;
    }
    const at = cursor;
    reading = (async () => {
      do {
        readAgain = false;
        await readBatches(at);
      } while (readAgain && !closed);
    })()
      .catch((error: unknown) => {
        log.warn({ err: error }, 'events: reading failed, trying again');
        retryAfterBackoff('read', read);
      })
      .finally(() => {
        reading = undefined;
      });
  };

  /**
   * A notification on the events channel carries its events' heads and the events (an array, in id order),
   * delivered at once unless the cursor has seen them. When no subscriber here wants any of them (their heads say),
   * the cursor moves past their ids and the JSON is not parsed. One that carries no event (too large), or that is
   * not read as such (an older node's `{"id": ...}`), makes a read of the table; an older node's JSON without heads is
   * parsed as it comes.
   */
  const onEvent = (text: string) => {
    if (!cursor) return; // not started: what committed before the start is not delivered
    // While a read is under way the cursor is moving in id order: let the next read bring these too.
    if (reading) return read();
    const notice = readNotice(text);
    if (notice && !notice.heads.some((h) => wants(h.type, h.stationId, h.chargerId))) {
      cursor.advance(notice.heads.map((h) => h.id));
      return;
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(notice ? notice.json : text);
    } catch {
      // read below
    }
    const events = (Array.isArray(parsed) ? parsed : [parsed]) as (Partial<EventEnvelope> | undefined)[];
    if (events.some((event) => !event?.type || event.version !== 1)) return read();
    for (const event of events as EventEnvelope[]) {
      if (cursor.advance([Number(event.id)]).length > 0) dispatch(event);
    }
  };

  /** A signal carries its event, or several (an array: signals.ts packs them). */
  const onSignal = (text: string) => {
    let parsed: EventEnvelope | EventEnvelope[];
    try {
      parsed = JSON.parse(text) as EventEnvelope | EventEnvelope[];
    } catch {
      log.warn('events: a signal that is not JSON');
      return;
    }
    for (const event of Array.isArray(parsed) ? parsed : [parsed]) dispatch(event);
  };

  /** Forgets a connection that failed or ended (once, whichever event tells first) and opens another. */
  const drop = (lost: pg.Client, error?: unknown) => {
    lost.removeAllListeners();
    lost.on('error', () => {});
    void lost.end().catch(() => {});
    if (client !== lost) return;
    client = undefined;
    setUp(false);
    if (closed) return;
    log.warn({ err: error }, 'events: the listening connection dropped, reconnecting');
    retryAfterBackoff('reconnect', () => void open().catch(() => {}));
  };

  const open = async () => {
    const next = connect();
    client = next;
    next.on('notification', (message) => {
      if (message.channel === signalsChannel) onSignal(message.payload ?? '');
      else if (message.channel === eventsChannel) onEvent(message.payload ?? '');
      else channels[message.channel]?.(message.payload ?? '');
    });
    next.on('error', (error) => drop(next, error));
    next.on('end', () => drop(next));
    try {
      await next.connect();
      await next.query(
        `set application_name = 'plugboard-events'; listen ${eventsChannel}; listen ${signalsChannel}` +
          Object.keys(channels)
            .map((channel) => `; listen ${channel}`)
            .join(''),
      );
      cursor ??= eventCursor({ ...(await repo.tail(startWindow)), ...cursorOptions });
    } catch (error) {
      drop(next, error);
      throw error;
    }
    if (closed) return;
    failures = 0;
    setUp(true);
    read();
  };

  return {
    /** Connects and listens; delivers the events committed from now on. Throws when it cannot connect. */
    start: async (): Promise<void> => {
      try {
        await open();
      } catch (error) {
        closed = true;
        clearTimeout(timers.reconnect);
        throw error;
      }
    },

    /** Resolves once the events committed before the call have been delivered (or given up on) here. */
    caughtUp: async (): Promise<void> => {
      const { last } = await repo.tail(0);
      await new Promise<void>((resolve) => {
        if (closed) return resolve();
        waiters.push({ id: last, read: reads, resolve });
        read();
      });
    },

    /** Stops listening; resolves once the connection is closed and no read is under way. */
    close: async (): Promise<void> => {
      closed = true;
      clearTimeout(timers.reconnect);
      clearTimeout(timers.read);
      for (const waiter of waiters.splice(0)) waiter.resolve();
      const last = client;
      client = undefined;
      setUp(false);
      await reading;
      if (last) {
        last.removeAllListeners();
        last.on('error', () => {});
        await last.end().catch(() => {});
      }
    },
  };
}
