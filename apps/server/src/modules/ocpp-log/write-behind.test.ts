import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import pino from 'pino';
import { writeBehind } from './write-behind.ts';

const log = pino({ level: 'silent' });

/** An insert that records its rows and ends when told. */
function gatedInsert() {
  const written: number[][] = [];
  let open: (() => void)[] = [];
  return {
    written,
    insert: (rows: number[]) => {
      written.push(rows);
      return new Promise<void>((resolve) => open.push(resolve));
    },
    end: () => {
      for (const resolve of open) resolve();
      open = [];
    },
  };
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe('rows written behind', () => {
  it('wait for the delay, and those arriving during an insert wait for the next delay, not for its end', async () => {
    const db = gatedInsert();
    const rows = writeBehind(db.insert, { log, what: 'test', batch: 5, delayMs: 200 });
    rows.add(1);
    await vi.advanceTimersByTimeAsync(199);
    expect(db.written).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(db.written).toEqual([[1]]);
    rows.add(2);
    rows.add(3);
    db.end();
    await vi.advanceTimersByTimeAsync(0);
    expect(db.written).toEqual([[1]]);
    await vi.advanceTimersByTimeAsync(200);
    expect(db.written).toEqual([[1], [2, 3]]);
    db.end();
  });

  it('write a full batch at once, also one filled during an insert, and everything on flush', async () => {
    const db = gatedInsert();
    const rows = writeBehind(db.insert, { log, what: 'test', batch: 2, delayMs: 200 });
    rows.add(1);
    rows.add(2);
    await vi.advanceTimersByTimeAsync(0);
    expect(db.written).toEqual([[1, 2]]);
    for (const n of [3, 4, 5]) rows.add(n);
    db.end();
    await vi.advanceTimersByTimeAsync(0);
    expect(db.written).toEqual([
      [1, 2],
      [3, 4],
    ]);
    db.end();
    await vi.advanceTimersByTimeAsync(0);
    expect(db.written).toEqual([
      [1, 2],
      [3, 4],
    ]);
    const flushed = rows.flush();
    await vi.advanceTimersByTimeAsync(0);
    expect(db.written).toEqual([[1, 2], [3, 4], [5]]);
    db.end();
    await flushed;
  });
});
