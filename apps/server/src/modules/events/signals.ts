import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { AppEvents, EventEnvelope, SignalName } from '../../lib/event-bus.ts';
import { latestPerInterval } from '../../lib/latest-per-interval.ts';

/** NOTIFY refuses a payload of 8000 bytes or more (PostgreSQL's default build). */
const maxPayloadBytes = 7999;

/**
 * Samples for every node, best effort: meter readings arrive up to thousands a second and each is replaced by the
 * next, so they are not stored as events. Each connector's are cut to one a second (the first at once, then the
 * latest: what the live view shows anyway) and sent with pg_notify on 'plugboard_signals', those of 100 ms in one
 * statement, as few notifications (JSON arrays of samples, each below the size limit: every node wakes and parses
 * once per notification). A sample sent while a node's connection is down is lost for that node, and one that fails to go
 * out is lost for all: the next replaces it.
 */
export function signalSender({
  notify,
  now,
  log,
  intervalMs = 1000,
  batchMs = 100,
}: {
  /** Sends these texts on the signals channel. */
  notify: (texts: string[]) => Promise<void>;
  now: () => Date;
  log: Pick<FastifyBaseLogger, 'warn'>;
  intervalMs?: number;
  /** How long a sample waits for others to go out with it; the live view takes a second's latest anyway. */
  batchMs?: number;
}) {
  const queue: string[] = [];
  let sending: Promise<void> | undefined;
  let closed = false;

  const sendQueued = async () => {
    while (queue.length > 0) {
      const texts = packed(queue.splice(0));
      await notify(texts).catch((error: unknown) =>
        log.warn({ err: error, lost: texts.length }, 'signals: not sent (best effort)'),
      );
    }
    sending = undefined;
  };

  const throttle = latestPerInterval<string, EventEnvelope<SignalName>>(intervalMs, (event) => {
    const text = payloadText(event);
    if (text === undefined) {
      log.warn({ type: event.type, stationId: event.stationId }, 'signals: too large for a notification');
      return;
    }
    queue.push(text);
    // Samples of the next `batchMs` share one statement (and one commit): the throttle hands them over one
    // connector at a time, and a statement each was most of PostgreSQL's commits under `npm run bench:ocpp`.
    sending ??= new Promise((resolve) => setTimeout(resolve, batchMs)).then(sendQueued);
  });

  return {
    send: <E extends SignalName>(type: E, payload: AppEvents[E]): void => {
      if (closed) return;
      const event: EventEnvelope<SignalName> = {
        id: randomUUID(),
        type,
        version: 1,
        occurredAt: now().toISOString(),
        stationId: payload.stationId,
        payload,
      };
      throttle.push(`${payload.chargerId}:${payload.connectorId}`, event);
    },

    /** Drops the samples held back; waits for those being sent. */
    close: async (): Promise<void> => {
      closed = true;
      throttle.close();
      await sending;
    },
  };
}

/** The notification's text: with the latest reading only if all of them do not fit. */
function payloadText(event: EventEnvelope<SignalName>): string | undefined {
  const fits = (text: string) => Buffer.byteLength(text) <= maxPayloadBytes;
  const text = JSON.stringify(event);
  if (fits(text)) return text;
  const { readings } = event.payload;
  const latest = readings.reduce((a, r) => (r.sampledAt > a.sampledAt ? r : a));
  const shorter = JSON.stringify({ ...event, payload: { ...event.payload, readings: [latest] } });
  return fits(shorter) ? shorter : undefined;
}

/** Joins texts of events into JSON arrays of at most `maxPayloadBytes`, in order; a text alone stays as it is. */
export function packed(texts: string[], max = maxPayloadBytes): string[] {
  const out: string[] = [];
  let pack: string[] = [];
  let bytes = 1;
  const close = () => {
    if (pack.length === 1) out.push(pack[0]!);
    else if (pack.length > 1) out.push(`[${pack.join(',')}]`);
    pack = [];
    bytes = 1;
  };
  for (const text of texts) {
    const size = Buffer.byteLength(text) + 1; // and its comma, or the closing bracket
    if (pack.length > 0 && bytes + size > max) close();
    pack.push(text);
    bytes += size;
  }
  close();
  return out;
}
