import { describe, expect, it } from 'vitest';
import { failureLimiter } from './failure-limiter.ts';

describe('the failure limiter', () => {
  it('turns the backoff on once a key is hot, for pairs that have failed only', () => {
    let now = 0;
    const limiter = failureLimiter({
      limit: 3,
      windowMs: 1000,
      now: () => new Date(now),
      baseDelayMs: 100,
      pairFree: 10,
    });
    const keys = ['code:a', 'address:x'];
    limiter.fail('a|x', keys);
    limiter.fail('a|x', keys);
    expect(limiter.mayTry('a|x', keys).allowed).toBe(true); // not hot yet
    limiter.fail('a|x', keys);
    expect(limiter.isHot('code:a')).toBe(true);
    // Hot: the pair's backoff doubles from its first failure (3 failures: 4 x 100 ms).
    expect(limiter.mayTry('a|x', keys)).toEqual({ allowed: false, retryAfterMs: 400 });
    expect(limiter.mayTry('a|x', keys)).toEqual({ allowed: false, retryAfterMs: 400 }); // unchecked tries do not count
    // Another address for the same code, and another code from the same address, have not failed: checked.
    expect(limiter.mayTry('a|y', ['code:a', 'address:y']).allowed).toBe(true);
    expect(limiter.mayTry('b|x', ['code:b', 'address:x']).allowed).toBe(true);
    now = 400;
    expect(limiter.mayTry('a|x', keys).allowed).toBe(true);
    limiter.succeed('a|x');
    limiter.fail('a|x', keys);
    expect(limiter.mayTry('a|x', keys)).toEqual({ allowed: false, retryAfterMs: 100 });
    now = 4_000_000; // an hour after the last failure
    limiter.prune();
    expect(limiter.size()).toBe(0);
  });

  it('holds a pair to its backoff beyond its free failures, even once the keys have cooled', () => {
    let now = 0;
    const limiter = failureLimiter({ limit: 100, windowMs: 1000, now: () => new Date(now), pairFree: 2 });
    limiter.fail('a|x', ['code:a']);
    expect(limiter.mayTry('a|x', ['code:a']).allowed).toBe(true);
    limiter.fail('a|x', ['code:a']);
    expect(limiter.mayTry('a|x', ['code:a'])).toEqual({ allowed: false, retryAfterMs: 1000 });
    now = 60_000;
    limiter.fail('a|x', ['code:a']);
    expect(limiter.mayTry('a|x', ['code:a'])).toEqual({ allowed: false, retryAfterMs: 2000 });
  });

  it('forgets the oldest pairs beyond its bound', () => {
    const limiter = failureLimiter({
      limit: 1,
      windowMs: 1000,
      now: () => new Date(0),
      maxPairs: 2,
      pairFree: 1,
    });
    for (const pair of ['p|1', 'p|2', 'p|3']) limiter.fail(pair, ['code:p']);
    expect(limiter.mayTry('p|1', ['code:p']).allowed).toBe(true);
    expect(limiter.mayTry('p|3', ['code:p']).allowed).toBe(false);
  });
});
