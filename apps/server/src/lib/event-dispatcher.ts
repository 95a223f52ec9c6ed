import {
  isSignal,
  type EventBus,
  type EventEnvelope,
  type EventFilter,
  type EventHandler,
  type EventName,
} from './event-bus.ts';

/** How many delivered event ids a node remembers, to drop one that comes again. */
const rememberedIds = 10_000;

type Subscriber = { handler: (payload: never, event: never) => void; only: EventFilter | undefined };

/** The charger an event's payload names, for the filters (events of a site as a whole name none). */
const chargerOf = (payload: unknown): number | undefined => {
  const id = (payload as { chargerId?: unknown }).chargerId;
  return typeof id === 'number' ? id : undefined;
};

/** The subscribers of one node, and the delivery of an event to them. */
export function eventDispatcher({
  onHandlerError = () => {},
}: { onHandlerError?: (error: unknown, event: EventName) => void } = {}) {
  const subscribers = new Map<string, Set<Subscriber>>();
  const delivered = new Set<string>();
  // The same ids in delivery order, the oldest overwritten: a Set emptied from its front (`values().next()`) makes
  // V8 step over every deleted entry until it rehashes, 8 us an event here (bench/ocpp README, session 12).
  const order: (string | undefined)[] = new Array<string | undefined>(rememberedIds);
  let next = 0;
  const subscribe: EventBus['subscribe'] = (type, handler, only) => {
    const set = subscribers.get(type) ?? new Set();
    subscribers.set(type, set);
    const subscriber: Subscriber = { handler, only };
    set.add(subscriber);
    return () => set.delete(subscriber);
  };
  return {
    subscribe,
    /** Whether a subscriber wants an event of that type, site and charger (a type this node does not know: no). */
    wants: (type: string, stationId: number, chargerId: number | undefined): boolean => {
      for (const { only } of subscribers.get(type) ?? [])
        if (!only || only(stationId, chargerId)) return true;
      return false;
    },
    /** Runs the handlers of the event's type, unless its id was delivered before (samples are not counted). */
    dispatch: <E extends EventName>(event: EventEnvelope<E>): void => {
      if (!isSignal(event.type)) {
        if (delivered.has(event.id)) return;
        delivered.add(event.id);
        const oldest = order[next];
        if (oldest !== undefined) delivered.delete(oldest);
        order[next] = event.id;
        next = (next + 1) % rememberedIds;
      }
      const set = subscribers.get(event.type);
      if (!set) return;
      const chargerId = chargerOf(event.payload);
      for (const { handler, only } of set) {
        if (only && !only(event.stationId, chargerId)) continue;
        try {
          (handler as EventHandler<E>)(event.payload, event);
        } catch (error) {
          onHandlerError(error, event.type);
        }
      }
    },
  };
}

export type EventDispatcher = ReturnType<typeof eventDispatcher>;
