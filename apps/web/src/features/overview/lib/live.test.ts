import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { LiveMessage } from '@plugboard/contract';
import { overviewNowQueryKey } from '../api/get-overview-now';
import { overviewPeriodQueryKey } from '../api/get-overview-period';
import { nowRefreshMs, overviewLiveHandler } from './live';

function follow() {
  const queryClient = new QueryClient();
  const invalidated: unknown[] = [];
  vi.spyOn(queryClient, 'invalidateQueries').mockImplementation((filters) => {
    invalidated.push(filters?.queryKey);
    return Promise.resolve();
  });
  const live = overviewLiveHandler(queryClient);
  const send = (message: Partial<LiveMessage> & { type: LiveMessage['type'] }) =>
    live.onMessage(message as LiveMessage);
  return { invalidated, send, live };
}

afterEach(() => vi.useRealTimers());

describe('the overview on the live socket', () => {
  it('refreshes now on a status, and now and the period when a session starts or stops', () => {
    const { invalidated, send } = follow();
    send({ type: 'charger.status' });
    expect(invalidated).toEqual([overviewNowQueryKey]);
    send({ type: 'session.stopped' });
    expect(invalidated).toEqual([overviewNowQueryKey, overviewNowQueryKey, overviewPeriodQueryKey]);
  });

  it('refreshes now at most once per interval however many readings arrive', () => {
    vi.useFakeTimers();
    const { invalidated, send, live } = follow();
    for (let i = 0; i < 10; i++) send({ type: 'meter.values' });
    expect(invalidated).toEqual([]);
    vi.advanceTimersByTime(nowRefreshMs);
    expect(invalidated).toEqual([overviewNowQueryKey]);
    send({ type: 'meter.values' });
    live.close();
    vi.advanceTimersByTime(nowRefreshMs);
    expect(invalidated).toHaveLength(1);
  });

  it('refreshes everything after a (re)connect', () => {
    const { invalidated, send } = follow();
    send({ type: 'ready' });
    expect(invalidated).toEqual([['overview']]);
  });
});
