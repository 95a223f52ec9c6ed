import { describe, expect, it, vi } from 'vitest';
import type { EventBus } from '../../lib/event-bus.ts';
import { allocateOnEvents } from './load-listener.ts';

/** A bus whose events the test emits by hand. */
function aBus() {
  const handlers = new Map<string, ((payload: { stationId: number }) => void)[]>();
  const events = {
    subscribe: (type: string, handler: (payload: { stationId: number }) => void) => {
      handlers.set(type, [...(handlers.get(type) ?? []), handler]);
      return () =>
        handlers.set(
          type,
          (handlers.get(type) ?? []).filter((h) => h !== handler),
        );
    },
  } as unknown as Pick<EventBus, 'subscribe'>;
  const emit = (type: string, stationId: number) => handlers.get(type)?.forEach((h) => h({ stationId }));
  return { events, emit };
}

const log = { error: () => {} };

describe('allocateOnEvents', () => {
  it('allocates the sites with load management on, and drops the events of the others without a read', async () => {
    const { events, emit } = aBus();
    const load = {
      isManaged: (stationId: number) => stationId === 1,
      recompute: vi.fn(async () => {}),
      runDue: vi.fn(async () => {}),
    };
    const close = allocateOnEvents(events, load, log);
    // The managed sites are read at once, not only after the first interval.
    expect(load.runDue).toHaveBeenCalledTimes(1);
    emit('charger.status', 1);
    emit('charger.status', 2);
    emit('session.started', 2);
    emit('charger.status', 1); // within the window: one allocation
    await vi.waitFor(() => expect(load.recompute).toHaveBeenCalledWith(1));
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(load.recompute.mock.calls).toEqual([[1]]);
    await close();
  });
});
