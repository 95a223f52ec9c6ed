import type { FastifyBaseLogger } from 'fastify';
import type { Charger, LiveMessage } from '@plugboard/contract';
import type { AppEvents, EventBus } from '../../lib/event-bus.ts';
import { latestPerInterval } from '../../lib/latest-per-interval.ts';

export type LiveListener = (message: LiveMessage) => void;

export type LiveHubDeps = {
  events: Pick<EventBus, 'subscribe'>;
  /** A charger's list item, or null when the site has no such charger (any more). */
  findCharger: (stationId: number, chargerId: number) => Promise<Charger | null>;
  log: FastifyBaseLogger;
  /** At most one meter.values message per charger in this time (1 s). */
  meterIntervalMs?: number;
};

type Pending<T> = { latest: T; again: boolean };

/**
 * Turns the event bus into messages for the consoles watching a site. It subscribes once, whatever the number of
 * consoles, for the watched sites' events only: a site nobody watches costs a map lookup per event, and its events
 * are not even parsed on this node. A charger's new list item is read once per event
 * and shared by every console of the site; events arriving while it is read are folded into one more read, so a
 * burst of statuses costs two reads and the last message carries the latest state.
 */
export function liveHub({ events, findCharger, log, meterIntervalMs = 1000 }: LiveHubDeps) {
  const sites = new Map<number, Set<LiveListener>>();
  const statusReads = new Map<number, Pending<AppEvents['charger.status']>>();
  const changeReads = new Map<number, Pending<AppEvents['charger.changed']>>();

  const watched = (stationId: number) => (sites.get(stationId)?.size ?? 0) > 0;
  const send = (stationId: number, message: LiveMessage) => {
    for (const listener of sites.get(stationId) ?? []) listener(message);
  };

  /** Reads the charger, then sends; one read at a time per charger, the latest event wins. */
  const withItem = <T extends { stationId: number; chargerId: number }>(
    reads: Map<number, Pending<T>>,
    event: T,
    toMessage: (event: T, charger: Charger | null) => LiveMessage,
  ) => {
    const running = reads.get(event.chargerId);
    if (running) {
      Object.assign(running, { latest: event, again: true });
      return;
    }
    const pending: Pending<T> = { latest: event, again: true };
    reads.set(event.chargerId, pending);
    void (async () => {
      while (pending.again) {
        pending.again = false;
        const { latest } = pending;
        try {
          send(latest.stationId, toMessage(latest, await findCharger(latest.stationId, latest.chargerId)));
        } catch (error) {
          log.error({ err: error, chargerId: latest.chargerId }, 'live: reading a charger failed');
        }
      }
      reads.delete(event.chargerId);
    })();
  };

  const meterReads = new Map<number, Pending<AppEvents['meter.values']>>();
  // At most one per charger per interval: the first at once, then the latest at the end of the interval.
  const meters = latestPerInterval<number, AppEvents['meter.values']>(meterIntervalMs, (event) => {
    if (watched(event.stationId)) withItem(meterReads, event, meterMessage);
  });

  const unsubscribe = [
    events.subscribe(
      'charger.status',
      (e) => {
        withItem(statusReads, e, (latest, charger) => ({
          type: 'charger.status',
          stationId: latest.stationId,
          chargerId: latest.chargerId,
          status: latest.status,
          connected: latest.connected,
          errorCode: latest.errorCode,
          firmwareStatus: latest.firmwareStatus,
          connector: latest.connector
            ? {
                connectorId: latest.connector.connectorId,
                status: latest.connector.status,
                errorCode: latest.connector.errorCode === 'NoError' ? null : latest.connector.errorCode,
              }
            : null,
          charger,
        }));
      },
      watched,
    ),
    events.subscribe(
      'charger.changed',
      (e) => {
        withItem(changeReads, e, (latest, charger) => ({
          type: 'charger.changed',
          stationId: latest.stationId,
          chargerId: latest.chargerId,
          change: latest.change,
          charger: latest.change === 'deleted' ? null : charger,
        }));
      },
      watched,
    ),
    events.subscribe(
      'session.started',
      (e) => {
        send(e.stationId, {
          type: 'session.started',
          stationId: e.stationId,
          chargerId: e.chargerId,
          sessionId: e.sessionId,
          connectorId: e.connectorId,
          startTime: e.startTime,
          startBy: e.startBy,
        });
      },
      watched,
    ),
    events.subscribe(
      'session.stopped',
      (e) => {
        send(e.stationId, {
          type: 'session.stopped',
          stationId: e.stationId,
          chargerId: e.chargerId,
          sessionId: e.sessionId,
          connectorId: e.connectorId,
          endTime: e.endTime,
          energyWh: e.energyWh,
          stopReason: e.stopReason,
        });
      },
      watched,
    ),
    events.subscribe(
      'meter.values',
      (e) => {
        if (e.readings.length > 0) meters.push(e.chargerId, e);
      },
      watched,
    ),
    events.subscribe(
      'notice.changed',
      (e) => {
        send(e.stationId, { type: 'notice.changed', stationId: e.stationId, kind: e.kind });
      },
      watched,
    ),
  ];

  return {
    /** Sends the site's messages to `listener` until the returned function is called. */
    watch: (stationId: number, listener: LiveListener): (() => void) => {
      const listeners = sites.get(stationId) ?? new Set();
      sites.set(stationId, listeners);
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) sites.delete(stationId);
      };
    },

    close: () => {
      unsubscribe.forEach((u) => u());
      meters.close();
      sites.clear();
    },
  };
}

export type LiveHub = ReturnType<typeof liveHub>;

function meterMessage(e: AppEvents['meter.values'], charger: Charger | null): LiveMessage {
  // ISO times of one format (toISOString) compare as texts.
  const last = e.readings.reduce((a, r) => (r.sampledAt > a.sampledAt ? r : a));
  return {
    type: 'meter.values',
    stationId: e.stationId,
    chargerId: e.chargerId,
    connectorId: e.connectorId,
    sessionId: e.sessionId,
    sampledAt: last.sampledAt,
    energyWh: last.energyWh,
    powerW: last.powerW,
    currentL1: last.currents[0],
    currentL2: last.currents[1],
    currentL3: last.currents[2],
    charger,
  };
}
