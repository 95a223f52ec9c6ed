/**
 * Runs the calls made in the same turn of the event loop as one: `run` gets their inputs, in order, and returns one
 * result per input. Like rowBatcher (row-batcher.ts), but each caller gets its own answer: a reconnect storm's
 * thousands of chargers then share a few transactions where each took one of its own (bench/ocpp/README.md).
 *
 * A group never holds two calls of the same `key` (the same charger twice): the later one goes with a later group,
 * and every call of that key after it too, so that calls on one key apply in the order they were made. The groups
 * may run at once (one per pooled connection); `run` locks its rows in a fixed order, so that a later group waits
 * for an earlier one's commit on the rows both touch and never the other way round. A group that fails is retried
 * call by call, so that a bad call fails alone.
 */
export function callBatcher<I, O>(
  run: (inputs: I[]) => Promise<O[]>,
  { maxCalls = 500, key }: { maxCalls?: number; key?: (input: I) => unknown } = {},
) {
  type Call = { input: I; resolve: (output: O) => void; reject: (error: unknown) => void };
  let queue: Call[] = [];

  const flush = async () => {
    const group: Call[] = [];
    const later: Call[] = [];
    const keys = new Set<unknown>();
    for (const call of queue) {
      const k = key?.(call.input);
      if (group.length >= maxCalls || (key && keys.has(k))) later.push(call);
      else group.push(call);
      if (key) keys.add(k);
    }
    queue = later;
    if (queue.length > 0) setImmediate(() => void flush());
    try {
      const outputs = await run(group.map((call) => call.input));
      group.forEach((call, i) => call.resolve(outputs[i]!));
    } catch (error) {
      if (group.length === 1) return group[0]!.reject(error);
      for (const call of group)
        await run([call.input]).then(([output]) => call.resolve(output!), call.reject);
    }
  };

  return (input: I): Promise<O> =>
    new Promise((resolve, reject) => {
      if (queue.push({ input, resolve, reject }) === 1) setImmediate(() => void flush());
    });
}
