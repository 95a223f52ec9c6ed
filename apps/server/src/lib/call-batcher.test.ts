import { describe, expect, it, vi } from 'vitest';
import { callBatcher } from './call-batcher.ts';

type Input = { key: string; value: string };

/** A run that records each group, answers each input with its value upper-cased and refuses any value 'bad'. */
function aRun() {
  const groups: string[][] = [];
  const run = (inputs: Input[]) => {
    groups.push(inputs.map((i) => i.value));
    return inputs.some((i) => i.value === 'bad')
      ? Promise.reject(new Error('refused'))
      : Promise.resolve(inputs.map((i) => i.value.toUpperCase()));
  };
  return { groups, run };
}

describe('the call batcher', () => {
  it('runs the calls of one turn together, and gives each caller its own answer', async () => {
    const { groups, run } = aRun();
    const call = callBatcher(run);
    const answers = await Promise.all(['a', 'b', 'c'].map((value) => call({ key: value, value })));
    expect(groups).toEqual([['a', 'b', 'c']]);
    expect(answers).toEqual(['A', 'B', 'C']);
  });

  it('with a window, gathers the calls made within it after the first into its group', async () => {
    vi.useFakeTimers();
    try {
      const { groups, run } = aRun();
      const call = callBatcher(run, { windowMs: 10 });
      const first = call({ key: 'a', value: 'a' });
      await vi.advanceTimersByTimeAsync(9);
      const second = call({ key: 'b', value: 'b' });
      expect(groups).toEqual([]);
      await vi.advanceTimersByTimeAsync(1);
      expect(await Promise.all([first, second])).toEqual(['A', 'B']);
      expect(groups).toEqual([['a', 'b']]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('puts a second call of the same key, and every later one of that key, into a later group, in order', async () => {
    const { groups, run } = aRun();
    const call = callBatcher(run, { key: (i: Input) => i.key });
    const answers = await Promise.all([
      call({ key: '1', value: 'a' }),
      call({ key: '1', value: 'b' }),
      call({ key: '2', value: 'c' }),
      call({ key: '1', value: 'd' }),
    ]);
    expect(answers).toEqual(['A', 'B', 'C', 'D']);
    expect(groups).toEqual([['a', 'c'], ['b'], ['d']]);
  });

  it('gathers the calls made while the groups allowed are running into the next group', async () => {
    const groups: string[][] = [];
    let release: () => void = () => {};
    const run = (inputs: Input[]) => {
      groups.push(inputs.map((i) => i.value));
      if (groups.length > 1) return Promise.resolve(inputs.map((i) => i.value));
      return new Promise<string[]>((resolve) => (release = () => resolve(inputs.map((i) => i.value))));
    };
    const call = callBatcher(run, { maxRunning: 1 });
    const first = call({ key: 'a', value: 'a' });
    await new Promise((resolve) => setImmediate(resolve));
    const meanwhile = [call({ key: 'b', value: 'b' }), call({ key: 'c', value: 'c' })];
    await new Promise((resolve) => setTimeout(resolve, 10));
    call({ key: 'd', value: 'd' }).catch(() => {});
    expect(groups).toEqual([['a']]);
    release();
    await Promise.all([first, ...meanwhile]);
    expect(groups).toEqual([['a'], ['b', 'c', 'd']]);
  });

  it('keeps a group within maxCalls', async () => {
    const { groups, run } = aRun();
    const call = callBatcher(run, { maxCalls: 2 });
    await Promise.all(['a', 'b', 'c'].map((value) => call({ key: value, value })));
    expect(groups).toEqual([['a', 'b'], ['c']]);
  });

  it('fails only the caller whose call is refused', async () => {
    const { run } = aRun();
    const call = callBatcher(run);
    const results = await Promise.allSettled(['a', 'bad', 'c'].map((value) => call({ key: value, value })));
    expect(results).toEqual([
      { status: 'fulfilled', value: 'A' },
      { status: 'rejected', reason: new Error('refused') },
      { status: 'fulfilled', value: 'C' },
    ]);
  });
});
