import { describe, expect, it } from 'vitest';
import { failureLimiter } from './failure-limiter.ts';

describe('the failure limiter', () => {
  it('blocks a key at the limit and lets it go when the oldest failure leaves the window', () => {
    let now = 0;
    const limiter = failureLimiter({ limit: 3, windowMs: 1000, now: () => new Date(now) });
    limiter.fail('a');
    now = 400;
    limiter.fail('a');
    limiter.fail('a');
    expect(limiter.isBlocked('a')).toBe(true);
    expect(limiter.isBlocked('b')).toBe(false);
    now = 1001;
    expect(limiter.isBlocked('a')).toBe(false);
    now = 5000;
    limiter.prune();
    expect(limiter.size()).toBe(0);
  });
});
