/**
 * Counts failed handshakes per key (a product code, a remote address) in a sliding window. A key with `limit`
 * failures inside the window is blocked until the oldest of them leaves it. In memory, per node: an attacker
 * spreading guesses over N nodes gets N times the budget, which is still far too little to guess a PIN.
 */
export function failureLimiter({
  limit,
  windowMs,
  now,
}: {
  limit: number;
  windowMs: number;
  now: () => Date;
}) {
  const failures = new Map<string, number[]>();

  const recent = (key: string): number[] => {
    const since = now().getTime() - windowMs;
    const times = (failures.get(key) ?? []).filter((t) => t > since);
    if (times.length === 0) failures.delete(key);
    else failures.set(key, times);
    return times;
  };

  return {
    isBlocked: (key: string): boolean => recent(key).length >= limit,
    fail: (key: string): void => {
      const times = recent(key);
      // Keeping more than `limit` times would only lengthen the block, and lets a flood grow memory.
      failures.set(key, [...times, now().getTime()].slice(-limit));
    },
    /** Drops keys whose failures have all left the window (called by the periodic sweep). */
    prune: (): void => {
      for (const key of [...failures.keys()]) recent(key);
    },
    size: (): number => failures.size,
  };
}

export type FailureLimiter = ReturnType<typeof failureLimiter>;
