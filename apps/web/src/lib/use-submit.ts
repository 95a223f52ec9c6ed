import { useEffect, useRef, useState } from 'react';

export type SubmitCallbacks<TData, TVariables> = {
  onSuccess?: (data: TData, variables: TVariables) => unknown;
  onError?: (error: unknown, variables: TVariables) => unknown;
  onSettled?: (data: TData | undefined, error: unknown, variables: TVariables) => unknown;
};

export type SubmitOptions<TData, TVariables> = SubmitCallbacks<TData, TVariables> & {
  mutationFn: (variables: TVariables) => Promise<TData>;
};

export type Submit<TData, TVariables> = {
  mutate: (variables: TVariables, callbacks?: SubmitCallbacks<TData, TVariables>) => void;
  isPending: boolean;
};

/**
 * TanStack Query's `useMutation` as the account screens use it (login, register, code, reset), without a query
 * client: those screens read no data, so /login does not download TanStack Query (it comes with the data layout).
 * The same contract: no retry (as every mutation of the app); the hook's callbacks run for every call, then the
 * call's own callbacks, those of the latest call only and only while the component is mounted.
 */
export function useSubmit<TData, TVariables = void>(
  options: SubmitOptions<TData, TVariables>,
): Submit<TData, TVariables> {
  const [isPending, setPending] = useState(false);
  const latest = useRef(0);
  const mounted = useRef(false);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const mutate = (variables: TVariables, callbacks: SubmitCallbacks<TData, TVariables> = {}) => {
    const call = ++latest.current;
    setPending(true);
    void settle(options, variables).then(async (result) => {
      if (call !== latest.current || !mounted.current) return;
      setPending(false);
      if (result.ok) {
        await callbacks.onSuccess?.(result.data, variables);
        await callbacks.onSettled?.(result.data, null, variables);
      } else {
        await callbacks.onError?.(result.error, variables);
        await callbacks.onSettled?.(undefined, result.error, variables);
      }
    });
  };

  return { mutate, isPending };
}

type Result<TData> = { ok: true; data: TData } | { ok: false; error: unknown };

/** The call and the hook's own callbacks; a callback that throws fails the call, as in TanStack Query. */
async function settle<TData, TVariables>(
  options: SubmitOptions<TData, TVariables>,
  variables: TVariables,
): Promise<Result<TData>> {
  try {
    const data = await options.mutationFn(variables);
    await options.onSuccess?.(data, variables);
    await options.onSettled?.(data, null, variables);
    return { ok: true, data };
  } catch (error) {
    try {
      await options.onError?.(error, variables);
      await options.onSettled?.(undefined, error, variables);
    } catch {
      // the call's own error is the one reported
    }
    return { ok: false, error };
  }
}
