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
 * or break the charger's exchange. A row waits up to `delayMs` for others (or until `batch` rows are held), and the
 * rows that arrive while an insert runs wait for the next `delayMs` too, unless they fill a batch: under load the
 * log is then a few inserts a second of hundreds of rows each, where writing them as soon as the last insert ended
 * made an insert of a few dozen rows every few milliseconds (bench/ocpp README, session 9). One insert runs at a
 * time. A failed insert is logged and its rows dropped (a log is not worth a retry storm against a struggling
 * database).
 */
export function writeBehind<R>(insert: (rows: R[]) => Promise<void>, options: WriteBehindOptions) {
  const { log, what, batch = 1000, delayMs = 200, maxPending = 50_000 } = options;
  let pending: R[] = [];
  let dropped = 0;
  let running: Promise<void> | undefined;
  let timer: NodeJS.Timeout | undefined;

  /** Writes what is held (`all`), or at least one batch and then only full ones. */
  const write = async (all: boolean) => {
    let first = true;
    while (pending.length > 0 && (first || all || pending.length >= batch)) {
      first = false;
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
  const later = () => {
    if (pending.length > 0 && !running) timer ??= setTimeout(() => void flush(false), delayMs);
  };
  const flush = (all: boolean): Promise<void> => {
    clearTimeout(timer);
    timer = undefined;
    running ??= write(all).finally(() => {
      running = undefined;
      later();
    });
    return running;
  };

  return {
    add: (row: R) => {
      if (pending.length >= maxPending) {
        pending.shift();
        dropped++;
      }
      pending.push(row);
      if (running) return; // written once it ends: with the next batch, or after the delay
      if (pending.length >= batch) void flush(false);
      else later();
    },
    /** Writes everything held now (and waits for the write under way). */
    flush: async () => {
      if (running) await running;
      await flush(true);
    },
    close: async () => {
      if (running) await running;
      await flush(true);
    },
  };
}
