/**
 * Identical reads asked while one of them runs share the next run, as a group commit does for writes: a read whose
 * key has none under way starts at once (alone, no wait); one asked while a run of its key is under way waits for it
 * to end and then goes, with every other asked meanwhile, into one new run. Each caller gets a result read after it
 * asked, so a write that committed before the call is in it: never a cached answer, only a shared one. Under load
 * the groups grow with the queue (50 consoles polling one site's lists cost PostgreSQL a query per group, not per
 * request: bench/api/README.md); callers that ask different keys are not slowed. The result is shared: callers
 * must not change it.
 */
export function readCoalescer<T>() {
  type Next = { promise: Promise<T>; start: () => void };
  /** Per key: whether a run is under way, and the run its latecomers wait for. */
  const keys = new Map<string, { next?: Next }>();

  const run = (key: string, read: () => Promise<T>): Promise<T> => {
    const state = { next: undefined as Next | undefined };
    keys.set(key, state);
    let promise: Promise<T>;
    try {
      promise = read();
    } catch (error) {
      promise = Promise.reject(error instanceof Error ? error : new Error(String(error)));
    }
    const settled = () => {
      const next = state.next;
      if (next) next.start();
      else keys.delete(key);
    };
    promise.then(settled, settled);
    return promise;
  };

  return (key: string, read: () => Promise<T>): Promise<T> => {
    const state = keys.get(key);
    if (!state) return run(key, read);
    if (!state.next) {
      let start!: () => void;
      const promise = new Promise<T>((resolve, reject) => {
        start = () => void run(key, read).then(resolve, reject);
      });
      state.next = { promise, start };
    }
    return state.next.promise;
  };
}
