import { describe, expect, it, vi } from 'vitest';
import { rowBatcher } from './row-batcher.ts';

/** An insert that records each statement and refuses any row named 'bad'. */
function anInsert() {
  const statements: string[][] = [];
  const insert = (rows: string[]) => {
    statements.push(rows);
    return rows.includes('bad') ? Promise.reject(new Error('refused')) : Promise.resolve();
  };
  return { statements, insert };
}

describe('the row batcher', () => {
  it('writes the rows asked for at the same time in one statement, and answers each caller', async () => {
    const { statements, insert } = anInsert();
    const add = rowBatcher(insert);
    await Promise.all([add(['a1', 'a2']), add(['b1']), add(['c1'])]);
    expect(statements).toEqual([['a1', 'a2', 'b1', 'c1']]);
  });

  it('with a window, gathers the rows asked for within it, across turns of the event loop', async () => {
    vi.useFakeTimers();
    try {
      const { statements, insert } = anInsert();
      const add = rowBatcher(insert, 1000, 1, 10);
      const a = add(['a']);
      await vi.advanceTimersByTimeAsync(6);
      const b = add(['b']);
      await vi.advanceTimersByTimeAsync(3);
      expect(statements).toEqual([]);
      await vi.advanceTimersByTimeAsync(1);
      await Promise.all([a, b]);
      expect(statements).toEqual([['a', 'b']]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('fails only the caller whose rows are refused', async () => {
    const { insert } = anInsert();
    const add = rowBatcher(insert);
    const results = await Promise.allSettled([add(['a']), add(['bad']), add(['c'])]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'rejected', 'fulfilled']);
  });

  it('keeps each statement within the row limit, without splitting a caller', async () => {
    const { statements, insert } = anInsert();
    const add = rowBatcher(insert, 3);
    await Promise.all([add(['a1', 'a2']), add(['b1', 'b2']), add(['c1']), add(['d1', 'd2', 'd3', 'd4'])]);
    expect(statements).toEqual([
      ['a1', 'a2'],
      ['b1', 'b2', 'c1'],
      ['d1', 'd2', 'd3', 'd4'],
    ]);
  });

  it('gathers the rows asked for while the inserts allowed run into the next insert', async () => {
    const statements: string[][] = [];
    let release: () => void = () => {};
    const insert = (rows: string[]) => {
      statements.push(rows);
      return statements.length > 1 ? Promise.resolve() : new Promise<void>((resolve) => (release = resolve));
    };
    const add = rowBatcher(insert, 1000, 1);
    const first = add(['a']);
    await new Promise((resolve) => setImmediate(resolve));
    const meanwhile = [add(['b']), add(['c'])];
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(statements).toEqual([['a']]);
    release();
    await Promise.all([first, ...meanwhile]);
    expect(statements).toEqual([['a'], ['b', 'c']]);
  });
});
