import { describe, expect, it } from 'vitest';
import { eventCursor } from './event-cursor.ts';

/** A cursor on a clock the test moves. */
function aCursor(start: { last: number; present: number[] }, gapTimeoutMs = 60_000) {
  let time = 0;
  const cursor = eventCursor({ ...start, gapTimeoutMs, clock: () => time });
  return { cursor, wait: (ms: number) => (time += ms) };
}

describe('the events cursor', () => {
  it('asks again for the ids a read passed over, until they turn up', () => {
    const { cursor } = aCursor({ last: 0, present: [] });
    cursor.advance([1, 2, 5]);
    expect(cursor.position()).toEqual({ after: 5, gaps: [3, 4] });
    cursor.advance([4, 6]);
    expect(cursor.position()).toEqual({ after: 6, gaps: [3] });
  });

  it('gives up on a gap after a minute (a rolled-back transaction leaves it for good)', () => {
    const { cursor, wait } = aCursor({ last: 0, present: [] });
    cursor.advance([1, 3]);
    wait(59_999);
    expect(cursor.position().gaps).toEqual([2]);
    wait(1);
    expect(cursor.position()).toEqual({ after: 3, gaps: [] });
  });

  it('starts after the last committed id, with the ids before it that may still commit as gaps', () => {
    const { cursor } = aCursor({ last: 10, present: [6, 7, 9, 10] });
    expect(cursor.position()).toEqual({ after: 10, gaps: [8] });
  });

  it('says which ids are new, so that a read overlapping notifications delivers nothing twice', () => {
    const { cursor } = aCursor({ last: 0, present: [] });
    expect(cursor.advance([3])).toEqual([3]); // notified first: 1 and 2 may still commit
    expect(cursor.advance([1, 2, 3, 4])).toEqual([1, 2, 4]);
    expect(cursor.advance([2])).toEqual([]);
    expect(cursor.position()).toEqual({ after: 4, gaps: [] });
  });

  it('gives up on old gaps while notifications alone move it', () => {
    const { cursor, wait } = aCursor({ last: 0, present: [] }, 1000);
    cursor.advance([2]);
    wait(1500);
    cursor.advance([3]);
    expect(cursor.advance([1])).toEqual([]);
  });
});
