/**
 * Runs calls together: `run` gets their inputs, in order, and returns one result per input. Like rowBatcher
 * (row-batcher.ts), but each caller gets its own answer: a reconnect storm's thousands of chargers then share a few
 * transactions where each took one of its own (bench/ocpp/README.md).
 *
 * A group takes the calls made in the same turn of the event loop, and, while `maxRunning` groups are under way,
 * every call made meanwhile (group commit): the busier the database, the larger the groups, and an idle one still
 * answers at the next turn.
 *
 * A group never holds two calls of the same `key` (the same charger twice), nor one whose key a running group holds:
 * such a call waits for a later group, and every call of that key after it too, so that the calls of one key apply
 * one after the other in the order they were made. A group that fails is retried call by call, so that a bad call
 * fails alone.
 */
export function callBatcher<I, O>(
  run: (inputs: I[]) => Promise<O[]>,
  {
    maxCalls = 500,
    maxRunning = 2,
    key,
    windowMs = 0,
  }: {
    maxCalls?: number;
    maxRunning?: number;
    key?: (input: I) => unknown;
    /** How long the first call of a group waits for others (0: until the end of the turn), as rowBatcher's. */
    windowMs?: number;
  } = {},
) {
  type Call = { input: I; key: unknown; resolve: (output: O) => void; reject: (error: unknown) => void };
  let queue: Call[] = [];
  let running = 0;
  let scheduled = false;
  const busy = new Set<unknown>();

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
    if (running >= maxRunning) return;
    const group: Call[] = [];
    const later: Call[] = [];
    const taken = new Set<unknown>();
    for (const call of queue) {
      if (group.length >= maxCalls || (key && (taken.has(call.key) || busy.has(call.key)))) later.push(call);
      else group.push(call);
      if (key) taken.add(call.key);
    }
    queue = later;
    if (group.length === 0) return;
    running++;
    const keys = key ? group.map((call) => call.key) : [];
    for (const k of keys) busy.add(k);
    schedule();
    try {
      const outputs = await run(group.map((call) => call.input));
      group.forEach((call, i) => call.resolve(outputs[i]!));
    } catch (error) {
      if (group.length === 1) group[0]!.reject(error);
      else
        for (const call of group)
          await run([call.input]).then(([output]) => call.resolve(output!), call.reject);
    } finally {
      for (const k of keys) busy.delete(k);
      running--;
      schedule();
    }
  };

  return (input: I): Promise<O> =>
    new Promise((resolve, reject) => {
      queue.push({ input, key: key?.(input), resolve, reject });
      schedule();
    });
}
