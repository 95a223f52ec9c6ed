/**
 * Slows down guessing of a secret (a charger's PIN) without letting anyone lock its rightful owner out.
 *
 * Failures are counted per product code and per remote address in a sliding window, and per pair (that product
 * code from that address). While neither code nor address is over the limit ("hot") and the pair has had fewer than
 * `pairFree` failures, every attempt is checked. Otherwise an attempt is still checked at once when its pair has
 * not failed before; a pair that has failed may be checked again only after a backoff that doubles with each of its
 * failures beyond `pairFree`, or with each of them while its code or address is hot (`baseDelayMs` ..
 * `maxDelayMs`); earlier tries are refused unchecked, and do not count. A pair is remembered for an hour after its
 * last failure, so that pausing does not buy fresh tries. So a guesser is held to one check per backoff per address, while the charger with
 * its right PIN, from an address of its own (or behind the same gateway as the guesser but not guessing its code),
 * is never refused. In memory, per node: an attacker spreading guesses over N nodes gets N times the budget, which
 * is still far too little to guess a PIN.
 */
export function failureLimiter({
  limit,
  windowMs,
  now,
  baseDelayMs = 1000,
  maxDelayMs = 5 * 60_000,
  pairFree = 5,
  maxPairs = 100_000,
}: {
  limit: number;
  windowMs: number;
  now: () => Date;
  baseDelayMs?: number;
  maxDelayMs?: number;
  pairFree?: number;
  /** Pairs remembered at most (the oldest are forgotten first), so that a flood of made-up codes cannot grow memory. */
  maxPairs?: number;
}) {
  const pairMemoryMs = 3600_000;
  const failures = new Map<string, number[]>();
  const pairs = new Map<string, { failures: number; last: number }>();

  const recent = (key: string): number[] => {
    const since = now().getTime() - windowMs;
    const times = (failures.get(key) ?? []).filter((t) => t > since);
    if (times.length === 0) failures.delete(key);
    else failures.set(key, times);
    return times;
  };
  const isHot = (key: string): boolean => recent(key).length >= limit;
  const delayOf = (pairFailures: number, hot: boolean) =>
    Math.min(maxDelayMs, baseDelayMs * 2 ** Math.min(30, Math.max(0, pairFailures - (hot ? 1 : pairFree))));

  return {
    isHot,
    /**
     * Whether an attempt of `pair` may be checked now; when not, how many ms until it may. `keys` are the counters
     * (product code, address) whose heat turns the pair's backoff on.
     */
    mayTry: (pair: string, keys: string[]): { allowed: true } | { allowed: false; retryAfterMs: number } => {
      const state = pairs.get(pair);
      if (!state) return { allowed: true };
      const hot = keys.some(isHot);
      if (state.failures < pairFree && !hot) return { allowed: true };
      const wait = state.last + delayOf(state.failures, hot) - now().getTime();
      return wait <= 0 ? { allowed: true } : { allowed: false, retryAfterMs: wait };
    },
    fail: (pair: string, keys: string[]): void => {
      const at = now().getTime();
      for (const key of keys) {
        // Keeping more than `limit` times would only lengthen the heat, and lets a flood grow memory.
        failures.set(key, [...recent(key), at].slice(-limit));
      }
      const state = pairs.get(pair);
      pairs.delete(pair); // re-inserted last: the Map's order is the order of last failure
      pairs.set(pair, { failures: (state?.failures ?? 0) + 1, last: at });
      if (pairs.size > maxPairs) pairs.delete(pairs.keys().next().value as string);
    },
    succeed: (pair: string): void => {
      pairs.delete(pair);
    },
    /** Drops counters left by the window, and pairs whose backoff ran out long ago (called by the periodic sweep). */
    prune: (): void => {
      for (const key of [...failures.keys()]) recent(key);
      const before = now().getTime() - Math.max(maxDelayMs + windowMs, pairMemoryMs);
      for (const [pair, state] of pairs) if (state.last < before) pairs.delete(pair);
    },
    size: (): number => failures.size + pairs.size,
  };
}

export type FailureLimiter = ReturnType<typeof failureLimiter>;
