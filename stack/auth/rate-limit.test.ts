import { describe, expect, it } from 'vitest';
import { RateLimiter } from './rate-limit.ts';

describe('RateLimiter', () => {
  it('allows `limit` events per window and refuses the next', () => {
    const limiter = new RateLimiter(3, 1000);
    expect([0, 1, 2].map((t) => limiter.take('ip', t))).toEqual([true, true, true]);
    expect(limiter.take('ip', 3)).toBe(false);
  });

  it('keeps keys apart', () => {
    const limiter = new RateLimiter(1, 1000);
    expect(limiter.take('a', 0)).toBe(true);
    expect(limiter.take('b', 0)).toBe(true);
    expect(limiter.take('a', 1)).toBe(false);
  });

  it('slides: events older than the window stop counting', () => {
    const limiter = new RateLimiter(2, 1000);
    limiter.take('ip', 0);
    limiter.take('ip', 500);
    expect(limiter.take('ip', 900)).toBe(false);
    expect(limiter.take('ip', 1001)).toBe(true);
    expect(limiter.take('ip', 1200)).toBe(false);
    expect(limiter.take('ip', 1501)).toBe(true);
  });

  it('does not count refused events', () => {
    const limiter = new RateLimiter(1, 1000);
    limiter.take('ip', 0);
    for (let t = 1; t < 1000; t += 100) expect(limiter.take('ip', t)).toBe(false);
    expect(limiter.take('ip', 1001)).toBe(true);
  });

  it('a zero limit refuses everything', () => {
    expect(new RateLimiter(0, 1000).take('ip', 0)).toBe(false);
  });
});
