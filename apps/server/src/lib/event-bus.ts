import type { ChargerStatus } from '@plugboard/contract';

/**
 * What services announce after a commit, for live views, the display screen and the load manager. Payloads carry
 * ids and the new state, never secrets; subscribers read more from the services if they need it.
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
  'session.started': {
    stationId: number;
    chargerId: number;
    sessionId: number;
    connectorId: number;
    idTag: string;
    /** The start-by source: 'remoteApp' for a start the console asked for, 'rfid' for the charger's own. */
    startBy: string;
    startTime: Date;
    meterStartWh: number;
  };
  'session.stopped': {
    stationId: number;
    chargerId: number;
    sessionId: number;
    connectorId: number;
    endTime: Date;
    energyWh: number;
    stopReason: string | null;
    flags: string[];
  };
  'meter.values': {
    stationId: number;
    chargerId: number;
    connectorId: number;
    sessionId: number | null;
    readings: {
      sampledAt: Date;
      energyWh: number | null;
      powerW: number | null;
      currents: [number | null, number | null, number | null];
    }[];
  };
};

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's event bus (buildApp), for live views and tests. */
    events: EventBus;
  }
}

export type EventName = keyof AppEvents;
export type EventHandler<E extends EventName> = (payload: AppEvents[E]) => void;

/**
 * In one process the bus is a map of handlers. Kept behind this interface so that several nodes can share one
 * (PostgreSQL LISTEN/NOTIFY or a broker) without touching publishers or subscribers.
 */
export type EventBus = {
  /** Call only after the change is committed. Handlers run synchronously; one that throws does not stop others. */
  publish<E extends EventName>(event: E, payload: AppEvents[E]): void;
  /** Returns the function that unsubscribes. */
  subscribe<E extends EventName>(event: E, handler: EventHandler<E>): () => void;
};

export function createEventBus({
  onHandlerError = () => {},
}: { onHandlerError?: (error: unknown, event: EventName) => void } = {}): EventBus {
  const handlers = new Map<EventName, Set<(payload: never) => void>>();
  return {
    publish(event, payload) {
      for (const handler of handlers.get(event) ?? []) {
        try {
          (handler as EventHandler<typeof event>)(payload);
        } catch (error) {
          onHandlerError(error, event);
        }
      }
    },
    subscribe(event, handler) {
      const set = handlers.get(event) ?? new Set();
      handlers.set(event, set);
      set.add(handler);
      return () => set.delete(handler);
    },
  };
}
