import type { EventBus } from '../../lib/event-bus.ts';
import type { HeldCharger, LocalListService } from './local-list.service.ts';

/** A charger's connection: after its BootNotification has been answered, then its list is checked. */
const afterConnectMs = 500;

/**
 * Keeps the chargers this node holds on their site's local list: on a change of the site's cards or of its switch
 * (every node hears them; each updates the chargers whose sockets it holds, through the command routing) and once
 * per new connection. Returns close().
 */
export function syncLocalListsOnEvents(
  events: Pick<EventBus, 'subscribe'>,
  localList: Pick<LocalListService, 'refresh' | 'sync' | 'concerns'>,
  held: {
    /** The charger of that product code if this node holds its socket. */
    get: (productCode: string) => (HeldCharger & { connectionId: string }) | undefined;
    /** Whether this node holds the socket of that charger. */
    has: (chargerId: number) => boolean;
    all: () => HeldCharger[];
  },
  log: { error: (obj: object, msg: string) => void },
) {
  const pending = new Set<Promise<unknown>>();
  /** The connection of each charger already checked: one check per connection. */
  const seen = new Map<number, string>();
  let closed = false;
  const track = (work: Promise<unknown>) => {
    const p = work.catch((error: unknown) => log.error({ err: error }, 'local list update failed'));
    pending.add(p);
    void p.finally(() => pending.delete(p));
  };
  const siteChanged = (stationId: number) => {
    if (closed) return;
    track(
      (async () => {
        await localList.refresh(stationId);
        const chargers = held.all().filter((c) => c.stationId === stationId);
        await Promise.all(chargers.map((c) => localList.sync(c, { connected: false })));
      })(),
    );
  };
  const timers = new Set<NodeJS.Timeout>();
  const unsubscribe = [
    events.subscribe('cards.changed', (e) => siteChanged(e.stationId)),
    events.subscribe('localList.changed', (e) => siteChanged(e.stationId)),
    events.subscribe(
      'charger.status',
      (e) => {
        if (!e.connected || closed) return;
        const charger = held.get(e.productCode);
        if (!charger || seen.get(charger.chargerId) === charger.connectionId) return;
        seen.set(charger.chargerId, charger.connectionId);
        const timer = setTimeout(() => {
          timers.delete(timer);
          track(
            (async () => {
              if (await localList.concerns(charger)) await localList.sync(charger, { connected: true });
            })(),
          );
        }, afterConnectMs);
        timers.add(timer);
        // The chargers this node holds only: the others' statuses are not even parsed on this node.
      },
      (_, chargerId) => chargerId !== undefined && held.has(chargerId),
    ),
  ];
  return async () => {
    closed = true;
    for (const stop of unsubscribe) stop();
    for (const timer of timers) clearTimeout(timer);
    while (pending.size > 0) await Promise.allSettled([...pending]);
  };
}
