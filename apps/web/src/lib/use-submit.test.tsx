import { act, renderHook, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useSubmit } from './use-submit';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('useSubmit', () => {
  it('is pending during the call, then runs the hook callbacks before those of the call', async () => {
    const answer = deferred<string>();
    const order: string[] = [];
    const { result } = renderHook(() =>
      useSubmit({
        mutationFn: (_name: string) => answer.promise,
        onSuccess: (data, name) => void order.push(`hook ${data} ${name}`),
      }),
    );
    expect(result.current.isPending).toBe(false);

    act(() => result.current.mutate('ada', { onSuccess: (data) => void order.push(`call ${data}`) }));
    expect(result.current.isPending).toBe(true);
    await act(async () => {
      answer.resolve('ok');
      await answer.promise;
    });

    await waitFor(() => expect(result.current.isPending).toBe(false));
    expect(order).toEqual(['hook ok ada', 'call ok']);
  });

  it('reports a failure to onError and onSettled, without retrying and without an unhandled rejection', async () => {
    const failure = new Error('refused');
    const mutationFn = vi.fn(() => Promise.reject(failure));
    const onError = vi.fn();
    const onSettled = vi.fn();
    const { result } = renderHook(() => useSubmit({ mutationFn, onSettled }));

    act(() => result.current.mutate(undefined, { onError }));
    await waitFor(() => expect(onError).toHaveBeenCalledWith(failure, undefined));
    expect(onSettled).toHaveBeenCalledWith(undefined, failure, undefined);
    expect(mutationFn).toHaveBeenCalledTimes(1);
    expect(result.current.isPending).toBe(false);
  });

  it('calls back only the latest call, and nothing once unmounted', async () => {
    const first = deferred<number>();
    const second = deferred<number>();
    const answers = [first, second];
    const hookSuccess = vi.fn();
    const { result, unmount } = renderHook(() =>
      useSubmit({ mutationFn: () => answers.shift()!.promise, onSuccess: hookSuccess }),
    );
    const calls: number[] = [];

    act(() => result.current.mutate(undefined, { onSuccess: (n) => void calls.push(n) }));
    act(() => result.current.mutate(undefined, { onSuccess: (n) => void calls.push(n) }));
    await act(async () => {
      first.resolve(1);
      await first.promise;
    });
    expect(result.current.isPending).toBe(true);
    await act(async () => {
      second.resolve(2);
      await second.promise;
    });
    await waitFor(() => expect(result.current.isPending).toBe(false));
    expect(calls).toEqual([2]);
    expect(hookSuccess).toHaveBeenCalledTimes(2);

    const third = deferred<number>();
    answers.push(third);
    act(() => result.current.mutate(undefined, { onSuccess: (n) => void calls.push(n) }));
    unmount();
    await act(async () => {
      third.resolve(3);
      await third.promise;
    });
    expect(calls).toEqual([2]);
    expect(hookSuccess).toHaveBeenCalledTimes(3);
  });
});
