import type { FastifyBaseLogger } from 'fastify';
import { dedicatedClient, type Db, type Trx } from '../../db/client.ts';
import type { DurableEventName, EventBus, EventEnvelope } from '../../lib/event-bus.ts';
import { eventDispatcher } from '../../lib/event-dispatcher.ts';
import { eventListener, type EventListenerDeps } from './event-listener.ts';
import { envelopeOf, eventsRepository, signalsChannel } from './events.repository.ts';
import { revocationHub, revocationsChannel } from './revocations.ts';
import { signalSender } from './signals.ts';

/**
 * Events are kept a week: a node that was down that long still catches up on what it must handle once (the
 * charging report), and support can see what happened. Every node prunes, hourly.
 */
export const eventRetentionMs = 7 * 24 * 3600_000;
const pruneEveryMs = 3600_000;
const pruneBatch = 5000;

export type EventsServiceDeps = {
  db: Db;
  now: () => Date;
  log: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** Tests shorten the listener's waits. */
  listener?: Pick<EventListenerDeps, 'backoff' | 'batchSize' | 'cursor'>;
};

/**
 * The event bus of one node over the database that all nodes share (the transactional outbox): `append` writes in
 * the caller's transaction, the listener delivers what every node committed to this node's subscribers, `signal`
 * sends samples best effort. Consumers with an effect outside the process (a mail) `claim` each event, so that one
 * node of all those listening has that effect, and catch up at start on what they never handled (`unprocessed`).
 */
export function eventsService({ db, now, log, listener: listenerOptions }: EventsServiceDeps) {
  const repo = eventsRepository(db);
  const dispatcher = eventDispatcher({
    onHandlerError: (err, event) => log.error({ err, event }, 'event handler failed'),
  });
  // The same connection hears revocations: the caches of sessions and sites on `db` trust it while it is up.
  const revocations = revocationHub(db);
  const listener = eventListener({
    connect: () => dedicatedClient(db),
    repo,
    dispatch: dispatcher.dispatch,
    wants: dispatcher.wants,
    log,
    channels: { [revocationsChannel]: revocations.hear },
    onListening: revocations.listening,
    ...listenerOptions,
  });
  const signals = signalSender({ notify: (texts) => repo.notify(signalsChannel, texts), now, log });

  let pruneTimer: NodeJS.Timeout | undefined;
  let pruning: Promise<void> | undefined;
  const prune = () => {
    pruning ??= (async () => {
      const before = new Date(now().getTime() - eventRetentionMs);
      while ((await repo.prune(before, pruneBatch)) === pruneBatch);
    })()
      .catch((error: unknown) => log.warn({ err: error }, 'events: pruning failed'))
      .finally(() => {
        pruning = undefined;
      });
  };

  const bus: EventBus = {
    ...eventWriter(now),
    signal: signals.send,
    subscribe: dispatcher.subscribe,
    caughtUp: listener.caughtUp,
  };

  return {
    ...bus,

    /**
     * Records, in the transaction of its effect, that `consumer` handled the event; false when it had been
     * recorded (another node, or an earlier delivery, had it): then the effect is not to happen again.
     */
    claim: (trx: Trx, consumer: string, event: EventEnvelope): Promise<boolean> =>
      eventsRepository(trx).claim(consumer, Number(event.id), now()),

    /** The events of `type` kept (a week) that `consumer` has not claimed, oldest first. */
    unprocessed: async function* <E extends DurableEventName>(
      consumer: string,
      type: E,
    ): AsyncGenerator<EventEnvelope<E>> {
      let after = 0;
      for (;;) {
        const rows = await repo.unprocessed(consumer, type, after, 500);
        for (const row of rows) {
          const event = envelopeOf(row);
          if (event) yield event as EventEnvelope<E>;
        }
        if (rows.length < 500) return;
        after = rows.at(-1)!.id;
      }
    },

    /** Listens (delivery starts with what commits from now on) and starts pruning. */
    start: async (): Promise<void> => {
      await listener.start();
      prune();
      pruneTimer = setInterval(prune, pruneEveryMs);
      pruneTimer.unref();
    },

    close: async (): Promise<void> => {
      clearInterval(pruneTimer);
      await Promise.all([listener.close(), signals.close(), pruning]);
    },
  };
}

export type EventsService = ReturnType<typeof eventsService>;

/** What a service needs to write its events, no more (fixtures that make chargers use it alone). */
export function eventWriter(now: () => Date): Pick<EventBus, 'append'> {
  return {
    append: async (trx, type, ...payloads) => {
      if (payloads.length === 0) return;
      const at = now();
      await eventsRepository(trx).insert(
        payloads.map((payload) => ({
          type,
          version: 1,
          station_id: payload.stationId,
          payload: JSON.stringify(payload),
          occurred_at: at,
        })),
      );
    },
  };
}
