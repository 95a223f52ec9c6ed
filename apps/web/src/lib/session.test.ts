import { describe, expect, it } from 'vitest';
import { queryClient } from './query-client';
import { startSession } from './session';
import { getToken } from './storage';

describe('a new session', () => {
  it('empties what the previous one left in the query cache, then keeps its token', () => {
    queryClient.setQueryData(['earlier', 'session'], { email: 'someone-else@example.com' });
    startSession('new-token');
    expect(queryClient.getQueryData(['earlier', 'session'])).toBeUndefined();
    expect(getToken()).toBe('new-token');
  });
});
