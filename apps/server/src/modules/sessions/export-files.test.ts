import { describe, expect, it } from 'vitest';
import { nextSheet, sheetsOf } from './export-files.ts';

/** Batches as a cursor hands them out: one at a time, later. */
async function* batchesOf<T>(...batches: T[][]) {
  for (const batch of batches) yield await Promise.resolve(batch);
}
const all = async <T>(items: AsyncIterable<T>) => {
  const out: T[] = [];
  for await (const item of items) out.push(item);
  return out;
};

describe('sheets of rows', () => {
  it('cuts batches where a sheet is full and marks the next sheet, never after the last row', async () => {
    expect(await all(sheetsOf(batchesOf([1, 2], [3, 4, 5, 6, 7], [8]), 3))).toEqual([
      [1, 2],
      [3],
      nextSheet,
      [4, 5, 6],
      nextSheet,
      [7],
      [8],
    ]);
    expect(await all(sheetsOf(batchesOf([1, 2, 3]), 3))).toEqual([[1, 2, 3]]);
    expect(await all(sheetsOf(batchesOf([1, 2, 3], [], [4]), 3))).toEqual([[1, 2, 3], nextSheet, [4]]);
    expect(await all(sheetsOf(batchesOf<number>(), 3))).toEqual([]);
  });
});
