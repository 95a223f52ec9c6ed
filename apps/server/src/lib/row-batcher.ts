/**
 * Groups the rows that callers ask to insert in the same turn of the event loop into one insert: one statement and
 * one commit instead of one per caller. Under load the MeterValues of many chargers then share a write, which
 * `npm run bench:ocpp` measured at less than half the CPU per message. Each caller's promise still settles only once
 * its own rows are committed. A group that fails is retried caller by caller, so that a bad call fails alone.
 */
export function rowBatcher<R>(insert: (rows: R[]) => Promise<void>, maxRows = 1000) {
  type Call = { rows: R[]; resolve: () => void; reject: (error: unknown) => void };
  let queue: Call[] = [];

  const flush = async () => {
    // At most maxRows per statement (PostgreSQL takes 65,535 parameters), but never less than one call.
    let size = 0;
    let take = 0;
    while (take < queue.length && (take === 0 || size + queue[take]!.rows.length <= maxRows)) {
      size += queue[take]!.rows.length;
      take++;
    }
    const group = queue.slice(0, take);
    queue = queue.slice(take);
    if (queue.length > 0) setImmediate(() => void flush());
    try {
      await insert(group.flatMap((call) => call.rows));
      for (const call of group) call.resolve();
    } catch (error) {
      if (group.length === 1) return group[0]!.reject(error);
      for (const call of group) await insert(call.rows).then(call.resolve, call.reject);
    }
  };

  return (rows: R[]): Promise<void> =>
    new Promise((resolve, reject) => {
      if (queue.push({ rows, resolve, reject }) === 1) setImmediate(() => void flush());
    });
}
