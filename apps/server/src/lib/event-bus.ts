import type { ChargerStatus } from '@plugboard/contract';
import type { Trx } from '../db/client.ts';

/**
 * What services announce, for live views, the display screen, the load manager and reports: the one catalogue.
 * Payloads are data that other nodes read back from the events table (ISO time strings, numeric ids), carry ids
 * and the new state, never secrets; subscribers read more from the services if they need it. A payload that
 * changes shape is a new version.
 */
export type AppEvents = {
  /** A charger's status, connection, error code or firmware/diagnostics state changed. */
  'charger.status': {
    stationId: number;
    chargerId: number;
    productCode: string;
    status: ChargerStatus;
    connected: boolean;
    errorCode: string | null;
    /** Set when a connector's own status changed. */
    connector?: { connectorId: number; status: ChargerStatus; ocppStatus: string; errorCode: string };
    firmwareStatus: string | null;
  };
  /** A charger was added, changed or deleted through the console (not by what it reports itself). */
  'charger.changed': {
    stationId: number;
    chargerId: number;
    change: 'added' | 'updated' | 'deleted';
  };
  /** Cards of a site were added, changed, recycled, restored or imported: what its chargers authorize changed. */
  'cards.changed': { stationId: number };
  /** A site's text from the rich-text editor was saved (modules/notices): the display shows the new notice. */
  'notice.changed': { stationId: number; kind: 'display' | 'invoiceFooter' };
  /** A site's local authorization list was switched on or off (modules/local-list). */
  'localList.changed': { stationId: number; enabled: boolean };
  'session.started': {
    stationId: number;
    chargerId: number;
    sessionId: number;
    connectorId: number;
    idTag: string;
    /** The start-by source: 'remoteApp' for a start the console asked for, 'rfid' for the charger's own. */
    startBy: string;
    /** ISO 8601, UTC. */
    startTime: string;
    meterStartWh: number;
  };
  'session.stopped': {
    stationId: number;
    chargerId: number;
    sessionId: number;
    connectorId: number;
    /** ISO 8601, UTC. */
    endTime: string;
    energyWh: number;
    stopReason: string | null;
    flags: string[];
  };
  /** A signal, not a change of state: never stored, at most one per connector a second (modules/events). */
  'meter.values': {
    stationId: number;
    chargerId: number;
    connectorId: number;
    sessionId: number | null;
    readings: {
      /** ISO 8601, UTC. */
      sampledAt: string;
      energyWh: number | null;
      powerW: number | null;
      currents: [number | null, number | null, number | null];
    }[];
  };
};

/** Samples, not changes of state: sent to every node best effort and never stored (modules/events/signals.ts). */
export const signalNames = ['meter.values'] as const;
export type SignalName = (typeof signalNames)[number];
export type EventName = keyof AppEvents;
/** Events stored with the change they announce and delivered to every node's subscribers once. */
export type DurableEventName = Exclude<EventName, SignalName>;

export const isSignal = (type: EventName): type is SignalName =>
  (signalNames as readonly string[]).includes(type);

/** An event as it is stored and as it travels between nodes. */
export type EventEnvelope<E extends EventName = EventName> = {
  /** The events table's id, as text; a signal's is a random UUID. */
  id: string;
  type: E;
  version: 1;
  /** ISO 8601, UTC: when the change was written. */
  occurredAt: string;
  stationId: number;
  payload: AppEvents[E];
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's event bus (buildApp), for live views and tests. */
    events: EventBus;
  }
}

export type EventHandler<E extends EventName> = (payload: AppEvents[E], event: EventEnvelope<E>) => void;

/**
 * The events a handler wants, by site and charger (the payload's `chargerId`, when it has one). A node learns them
 * from a notification's heads before its JSON, and skips parsing the events no handler of the node wants: in a
 * reconnect storm every node hears every charger's events, and most concern no one there (bench/ocpp README,
 * session 12). Asked at each event, so it may change at any time (a console starts watching a site).
 */
export type EventFilter = (stationId: number, chargerId: number | undefined) => boolean;

/**
 * The events of every node (modules/events/events.service.ts): written in the transaction of the change, heard by
 * each node through PostgreSQL LISTEN/NOTIFY and read back from the events table, so a change rolled back announces
 * nothing and a node that lost its connection catches up.
 */
export type EventBus = {
  /**
   * Writes events in the transaction of the change they announce. Subscribers of every node get them once it
   * commits, nothing if it rolls back. Ids follow the order of the writes, deliveries that of the commits.
   */
  append<E extends DurableEventName>(trx: Trx, type: E, ...payloads: AppEvents[E][]): Promise<void>;
  /** Sends a sample to every node's subscribers, best effort: one lost is replaced by the next. */
  signal<E extends SignalName>(type: E, payload: AppEvents[E]): void;
  /**
   * Handlers run synchronously, one that throws does not stop others. An event may come again after a reconnect
   * or from another node's replay: the dispatcher drops an id it delivered, and a handler with an effect outside
   * this process claims the event (`processed_events`). With `only`, the handler gets only the events it accepts.
   * Returns the function that unsubscribes.
   */
  subscribe<E extends EventName>(type: E, handler: EventHandler<E>, only?: EventFilter): () => void;
  /** Resolves once this node's subscribers have had the events committed before the call (tests wait on it). */
  caughtUp(): Promise<void>;
};
