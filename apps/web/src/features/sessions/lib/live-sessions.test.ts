import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { LiveMessage } from '@plugboard/contract';
import { sessionListQueryKey } from '../api/get-sessions';
import { followLiveSessions } from './live-sessions';

describe('the sessions list follows the live socket', () => {
  const listed = () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData([...sessionListQueryKey, 'page'], { list: [] });
    const stale = () => queryClient.getQueryState([...sessionListQueryKey, 'page'])?.isInvalidated;
    return { queryClient, stale };
  };

  it('refetches when a session starts or stops, or the socket reconnects', () => {
    for (const message of [
      { type: 'session.started', chargerId: 1, sessionId: 2 },
      { type: 'session.stopped', chargerId: 1, sessionId: 2 },
      { type: 'ready' },
    ]) {
      const { queryClient, stale } = listed();
      followLiveSessions(queryClient, message as LiveMessage);
      expect(stale()).toBe(true);
    }
  });

  it('leaves the list alone for a status or a meter reading', () => {
    const { queryClient, stale } = listed();
    followLiveSessions(queryClient, { type: 'charger.status', chargerId: 1 } as unknown as LiveMessage);
    expect(stale()).toBe(false);
  });
});
