import { describe, expect, it } from 'vitest';
import { readCoalescer } from './read-coalescer.ts';

/** A store whose reads are held until released, counting how many ran and what each saw. */
function aSlowStore() {
  let value = 0;
  const runs: { saw: number; release: () => void }[] = [];
  return {
    write: () => void (value += 1),
    read: () =>
      new Promise<number>((resolve) => {
        const saw = value;
        runs.push({ saw, release: () => resolve(saw) });
      }),
    runs,
    /** Lets the reads run so far end, then lets the promises' callbacks run. */
    releaseAll: async () => {
      for (const run of runs.splice(0)) run.release();
      await new Promise((resolve) => setImmediate(resolve));
    },
  };
}

describe('readCoalescer', () => {
  it('starts a read at once when none of its key is under way', () => {
    const store = aSlowStore();
    const read = readCoalescer<number>();
    void read('site 1', store.read);
    expect(store.runs).toHaveLength(1);
  });

  it('gives the callers that asked during a run one read of their own, begun after that run', async () => {
    const store = aSlowStore();
    const read = readCoalescer<number>();
    const first = read('site 1', store.read);
    store.write(); // committed after the first read began, before the others asked
    const late = [read('site 1', store.read), read('site 1', store.read), read('site 1', store.read)];
    expect(store.runs).toHaveLength(1); // the latecomers wait for the first to end
    await store.releaseAll();
    expect(store.runs).toHaveLength(1); // then go together
    await store.releaseAll();
    expect(await first).toBe(0);
    // Each latecomer sees the write made before it asked: never the older answer of the run under way.
    expect(await Promise.all(late)).toEqual([1, 1, 1]);
  });

  it('does not hold up a read of another key', () => {
    const store = aSlowStore();
    const read = readCoalescer<number>();
    void read('site 1', store.read);
    void read('site 2', store.read);
    expect(store.runs).toHaveLength(2);
  });

  it("gives a failed read's error to each of its callers, and the next caller reads again", async () => {
    const read = readCoalescer<number>();
    let fail = true;
    const flaky = () => (fail ? Promise.reject(new Error('connection lost')) : Promise.resolve(7));
    let release!: () => void;
    const first = read(
      'k',
      () => new Promise<number>((_, reject) => (release = () => reject(new Error('slow')))),
    );
    const group = [read('k', flaky), read('k', flaky)];
    release();
    await expect(first).rejects.toThrow('slow');
    await expect(Promise.all(group)).rejects.toThrow('connection lost');
    await expect(group[1]).rejects.toThrow('connection lost');
    fail = false;
    expect(await read('k', flaky)).toBe(7);
  });

  it('turns a read that throws at once into a rejection', async () => {
    const read = readCoalescer<number>();
    await expect(
      read('k', () => {
        throw new Error('bad key');
      }),
    ).rejects.toThrow('bad key');
    expect(await read('k', () => Promise.resolve(1))).toBe(1);
  });
});
