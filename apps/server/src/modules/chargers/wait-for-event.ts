import type { AppEvents, EventBus, EventName } from '../../lib/event-bus.ts';

export type EventWait<E extends EventName> = {
  /** The first matching event, or undefined when none came within the time. */
  promise: Promise<AppEvents[E] | undefined>;
  cancel: () => void;
};

/**
 * Waits for the first event that matches. Subscribe before sending the command that causes it: a charger may
 * answer the command and send the event's message before the answer has been read.
 */
export function waitForEvent<E extends EventName>(
  events: EventBus,
  name: E,
  matches: (payload: AppEvents[E]) => boolean,
  timeoutMs: number,
): EventWait<E> {
  let settle: (value: AppEvents[E] | undefined) => void = () => {};
  const promise = new Promise<AppEvents[E] | undefined>((resolve) => {
    settle = resolve;
  });
  const done = (value: AppEvents[E] | undefined) => {
    clearTimeout(timer);
    unsubscribe();
    settle(value);
  };
  const unsubscribe = events.subscribe(name, (payload) => {
    if (matches(payload)) done(payload);
  });
  const timer = setTimeout(() => done(undefined), timeoutMs);
  return { promise, cancel: () => done(undefined) };
}
