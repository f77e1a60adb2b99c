import { callerKey, RateLimiter } from './rate-limit';

describe('the rate limiter (rate-limiter-flexible, per caller and minute)', () => {
  it('given a budget of 3, then a caller gets 3 and is refused the 4th with the time until its minute ends', async () => {
    const limiter = new RateLimiter(3);
    const taken = [];
    for (let i = 0; i < 4; i++) taken.push(await limiter.take('ip:203.0.113.7'));
    expect(taken.slice(0, 3)).toEqual([{ granted: true }, { granted: true }, { granted: true }]);
    expect(taken[3]).toEqual({ granted: false, retryAfterMs: expect.any(Number) });
    expect((taken[3] as { retryAfterMs: number }).retryAfterMs).toBeGreaterThan(55_000);
  });

  it('given a caller at its limit, when a flood of 100,000 new callers arrives, then the busy caller is still refused (nothing resets it)', async () => {
    const limiter = new RateLimiter(5);
    for (let i = 0; i < 5; i++) await limiter.take('account:busy');
    expect(await limiter.take('account:busy')).toMatchObject({ granted: false });
    for (let i = 0; i < 100_000; i++) await limiter.take(`ip:10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`);
    expect(await limiter.take('account:busy')).toMatchObject({ granted: false });
    expect(await limiter.take('ip:192.0.2.1')).toEqual({ granted: true });
  });

  it('given a request that costs more than one (a first sight), then it takes that many, never more than the whole budget', async () => {
    const limiter = new RateLimiter(10);
    expect(await limiter.take('a', 8)).toEqual({ granted: true });
    expect(await limiter.take('a', 3)).toMatchObject({ granted: false });
    const tiny = new RateLimiter(2);
    expect(await tiny.take('b', 10)).toEqual({ granted: true });
    expect(await tiny.take('b')).toMatchObject({ granted: false });
  });

  it('given 0 (off), then every request is granted', async () => {
    const limiter = new RateLimiter(0);
    for (let i = 0; i < 100; i++) expect(await limiter.take('x', 50)).toEqual({ granted: true });
  });

  it('then the budget is the account’s when signed in, else the address’s', () => {
    expect(callerKey({ id: 'u1' }, '203.0.113.7')).toBe('account:u1');
    expect(callerKey(null, '203.0.113.7')).toBe('ip:203.0.113.7');
    expect(callerKey(null, undefined)).toBe('ip:unknown');
  });
});
