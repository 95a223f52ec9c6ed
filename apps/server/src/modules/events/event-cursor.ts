/**
 * How far a node has read the events table. Ids come from a sequence: handed out in the order of the writes, they
 * commit in another order (id 5 visible before id 4), so reading `id > cursor` alone would pass over id 4 for good.
 * The ids passed over are kept as gaps and asked for again with each read until they turn up, or until
 * `gapTimeoutMs` has gone by: a rolled-back transaction leaves a gap for good, and a transaction that stays open
 * longer loses its events for this node (its changes still commit). Snapshot bounds (xmin) would avoid the
 * timeout, but one long transaction anywhere (an export) would then hold back every event.
 */
export function eventCursor({
  last,
  present,
  gapTimeoutMs = 60_000,
  maxGaps = 10_000,
  clock = () => performance.now(),
}: {
  /** The highest id committed when the node starts: what came before is not delivered. */
  last: number;
  /** The ids committed among those just before `last`: the others may still commit, and are gaps. */
  present: number[];
  gapTimeoutMs?: number;
  /** More gaps than this at once (a huge rolled-back batch) drops the oldest. */
  maxGaps?: number;
  /** Monotonic milliseconds. */
  clock?: () => number;
}) {
  let cursor = last;
  /** Each gap's id and when it was first passed over; in insertion order, the oldest first. */
  const gaps = new Map<number, number>();

  const addGaps = (from: number, to: number) => {
    const at = clock();
    for (let id = Math.max(from, to - maxGaps); id < to; id++) gaps.set(id, at);
    for (const id of gaps.keys()) {
      if (gaps.size <= maxGaps) break;
      gaps.delete(id);
    }
  };
  const committed = new Set(present);
  const started = clock();
  for (let id = present[0] ?? last; id < last; id++) if (!committed.has(id)) gaps.set(id, started);

  let expiredAt = started;
  const expire = () => {
    expiredAt = clock();
    for (const [id, at] of gaps) {
      if (at > expiredAt - gapTimeoutMs) break; // insertion order: the rest are younger
      gaps.delete(id);
    }
  };

  return {
    /** What the next read asks for: the ids after `after`, and the gaps still looked for. */
    position: (): { after: number; gaps: number[] } => {
      expire();
      return { after: cursor, gaps: [...gaps.keys()] };
    },
    /**
     * The ids a read returned (in id order) or a notification carried (one, in commit order); returns those not
     * seen before, to be delivered: a read that overlaps a notification, or a notification of an id already read,
     * delivers nothing twice.
     */
    advance: (ids: number[]): number[] => {
      const fresh: number[] = [];
      for (const id of ids) {
        if (id <= cursor) {
          if (gaps.delete(id)) fresh.push(id);
          continue;
        }
        if (id > cursor + 1) addGaps(cursor + 1, id);
        cursor = id;
        fresh.push(id);
      }
      // Notifications keep a node from reading for long: give up on old gaps here too (at most once a second).
      if (gaps.size > 0 && clock() - expiredAt > 1000) expire();
      return fresh;
    },
  };
}

export type EventCursor = ReturnType<typeof eventCursor>;
