/**
 * At most one value per key and interval: a key's first value goes at once, the values arriving within the
 * interval after it are folded into their latest, which goes at the interval's end. For samples (meter readings)
 * that a reader wants fresh but not thousands a second.
 */
export function latestPerInterval<K, V>(intervalMs: number, send: (value: V) => void) {
  const keys = new Map<K, { sentAt: number; latest?: V; timer?: NodeJS.Timeout }>();
  return {
    push: (key: K, value: V): void => {
      const state = keys.get(key) ?? { sentAt: 0 };
      keys.set(key, state);
      const wait = state.sentAt + intervalMs - Date.now();
      if (wait <= 0 && !state.timer) {
        state.sentAt = Date.now();
        send(value);
        return;
      }
      state.latest = value;
      state.timer ??= setTimeout(
        () => {
          state.timer = undefined;
          state.sentAt = Date.now();
          const { latest } = state;
          state.latest = undefined;
          if (latest !== undefined) send(latest);
        },
        Math.max(0, wait),
      );
    },
    /** Drops what waits, and its timers. */
    close: (): void => {
      for (const state of keys.values()) clearTimeout(state.timer);
      keys.clear();
    },
  };
}
