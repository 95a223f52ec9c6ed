/**
 * Groups the rows that callers ask to insert in the same turn of the event loop into one insert: one statement and
 * one commit instead of one per caller. Under load the MeterValues of many chargers then share a write, which
 * `npm run bench:ocpp` measured at less than half the CPU per message. While `maxRunning` inserts are under way,
 * the rows asked for meanwhile wait and go together into the next (group commit, as call-batcher.ts does): the busier
 * the database, the larger the groups. Each caller's promise still settles only once its own rows are committed. A
 * group that fails is retried caller by caller, so that a bad call fails alone.
 */
export function rowBatcher<R>(
  insert: (rows: R[]) => Promise<void>,
  maxRows = 1000,
  maxRunning = 2,
  /**
   * How long the first row of a group waits for others (0: until the end of the turn of the event loop). A write's
   * CPU, in the node and in PostgreSQL, is mostly its round trips and its commit, whatever its rows: at a few hundred
   * messages a second per node, groups that wait a few milliseconds carry several times the rows, for that much more
   * time before the answer (bench/ocpp README, session 9).
   */
  windowMs = 0,
) {
  type Call = { rows: R[]; resolve: () => void; reject: (error: unknown) => void };
  let queue: Call[] = [];
  let running = 0;
  let scheduled = false;

  const schedule = () => {
    if (scheduled || running >= maxRunning || queue.length === 0) return;
    scheduled = true;
    const go = () => {
      scheduled = false;
      void flush();
    };
    if (windowMs > 0) setTimeout(go, windowMs);
    else setImmediate(go);
  };

  const flush = async () => {
    if (running >= maxRunning || queue.length === 0) return;
    // At most maxRows per statement (PostgreSQL takes 65,535 parameters), but never less than one call.
    let size = 0;
    let take = 0;
    while (take < queue.length && (take === 0 || size + queue[take]!.rows.length <= maxRows)) {
      size += queue[take]!.rows.length;
      take++;
    }
    const group = queue.slice(0, take);
    queue = queue.slice(take);
    running++;
    schedule();
    try {
      await insert(group.flatMap((call) => call.rows));
      for (const call of group) call.resolve();
    } catch (error) {
      if (group.length === 1) group[0]!.reject(error);
      else for (const call of group) await insert(call.rows).then(call.resolve, call.reject);
    } finally {
      running--;
      schedule();
    }
  };

  return (rows: R[]): Promise<void> =>
    new Promise((resolve, reject) => {
      queue.push({ rows, resolve, reject });
      schedule();
    });
}
