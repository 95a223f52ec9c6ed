import type { EventBus } from '../../lib/event-bus.ts';
import type { LoadService } from './load.service.ts';

/** A change of state is allocated for at once; meter samples (drift) at most once a second per site. */
const eventDelayMs = 20;
const meterDelayMs = 1000;
/** How often a node looks for sites whose rotation or profile refresh is due. */
const dueEveryMs = 5000;

/**
 * Allocates a site again on every plug-in, start, stop, unplug and charger change (events), on measured drift
 * (meter samples) and when its rotation or refresh is due. Every node hears the events; the allocation locks the
 * site and sends only what changed, so a second node allocating the same change sends nothing. The events of a site
 * without load management are dropped here, from the set of managed sites kept in memory (LoadService.isManaged:
 * read at start and at every due pass, so a site turned on on another node is allocated within `dueEveryMs`).
 * Returns close().
 */
export function allocateOnEvents(
  events: Pick<EventBus, 'subscribe'>,
  load: Pick<LoadService, 'recompute' | 'runDue' | 'isManaged'>,
  log: { error: (obj: object, msg: string) => void },
) {
  const timers = new Map<number, { at: number; timer: NodeJS.Timeout }>();
  const pending = new Set<Promise<void>>();
  let closed = false;
  const track = (work: Promise<void>) => {
    const p = work.catch((error: unknown) => log.error({ err: error }, 'load allocation failed'));
    pending.add(p);
    void p.finally(() => pending.delete(p));
  };
  const schedule = (stationId: number, delayMs: number) => {
    if (closed || !load.isManaged(stationId)) return;
    const at = Date.now() + delayMs;
    const current = timers.get(stationId);
    if (current && current.at <= at) return;
    if (current) clearTimeout(current.timer);
    const timer = setTimeout(() => {
      timers.delete(stationId);
      track(load.recompute(stationId));
    }, delayMs);
    timers.set(stationId, { at, timer });
  };
  // Only the managed sites' events: the others are not even parsed on this node.
  const managed = (stationId: number) => load.isManaged(stationId);
  const unsubscribe = [
    events.subscribe('charger.status', (e) => schedule(e.stationId, eventDelayMs), managed),
    events.subscribe('charger.changed', (e) => schedule(e.stationId, eventDelayMs), managed),
    events.subscribe('session.started', (e) => schedule(e.stationId, eventDelayMs), managed),
    events.subscribe('session.stopped', (e) => schedule(e.stationId, eventDelayMs), managed),
    events.subscribe('meter.values', (e) => schedule(e.stationId, meterDelayMs), managed),
  ];
  // One pass at once: it reads the managed sites, which filter the events from then on.
  track(load.runDue());
  const due = setInterval(() => track(load.runDue()), dueEveryMs);
  due.unref();
  return async () => {
    closed = true;
    clearInterval(due);
    for (const u of unsubscribe) u();
    for (const { timer } of timers.values()) clearTimeout(timer);
    timers.clear();
    await Promise.all(pending);
  };
}
