import type { FastifyBaseLogger } from 'fastify';

export type WriteBehindOptions = {
  log: FastifyBaseLogger;
  what: string;
  /** Rows per insert (and the size that triggers one at once). */
  batch?: number;
  /** How long a row may wait for others before it is written. */
  delayMs?: number;
  /** Rows held while the database is slow or down; beyond, the oldest are dropped (and counted in the log). */
  maxPending?: number;
};

/**
 * Rows written behind the caller, in batches: `add` never waits and never throws, so that a message log cannot slow
 * or break the charger's exchange. One insert runs at a time; rows that arrive meanwhile form the next batch. A
 * failed insert is logged and its rows dropped (a log is not worth a retry storm against a struggling database).
 */
export function writeBehind<R>(insert: (rows: R[]) => Promise<void>, options: WriteBehindOptions) {
  const { log, what, batch = 1000, delayMs = 200, maxPending = 50_000 } = options;
  let pending: R[] = [];
  let dropped = 0;
  let running: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;

  const writeAll = async () => {
    while (pending.length > 0) {
      const rows = pending.slice(0, batch);
      pending = pending.slice(batch);
      try {
        await insert(rows);
      } catch (error) {
        log.error({ err: error, rows: rows.length }, `writing the ${what} failed`);
      }
    }
    if (dropped > 0) {
      log.warn({ dropped }, `the ${what} fell behind: rows dropped`);
      dropped = 0;
    }
  };
  const flush = (): Promise<void> => {
    clearTimeout(timer);
    timer = undefined;
    running ??= writeAll().finally(() => (running = undefined));
    return running;
  };

  return {
    add: (row: R) => {
      if (pending.length >= maxPending) {
        pending.shift();
        dropped++;
      }
      pending.push(row);
      if (running) return; // the loop picks it up
      if (pending.length >= batch) void flush();
      else timer ??= setTimeout(() => void flush(), delayMs);
    },
    /** Writes everything held now (and waits for the write under way). */
    flush: async () => {
      if (running) await running;
      await flush();
    },
    close: async () => {
      if (running) await running;
      await flush();
    },
  };
}
