import { clientKey, RateLimiter } from './rate_limit.ts';
import { assert } from '../_shared/testing.ts';

function clock(start = 1_000_000) {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
}

Deno.test('rate limiter lets `limit` requests through per window, then refuses with Retry-After', () => {
  const c = clock();
  const limiter = new RateLimiter({ limit: 3, windowMs: 60_000, now: c.now });
  assert.deepEqual(limiter.hit('a'), { allowed: true, limit: 3, remaining: 2, retryAfterSeconds: 60 });
  limiter.hit('a');
  assert.equal(limiter.hit('a').remaining, 0);
  c.advance(15_500);
  assert.deepEqual(limiter.hit('a'), { allowed: false, limit: 3, remaining: 0, retryAfterSeconds: 45 });
});

Deno.test('rate limiter counts each client on its own', () => {
  const limiter = new RateLimiter({ limit: 1, windowMs: 60_000, now: clock().now });
  assert.ok(limiter.hit('a').allowed, 'a first');
  assert.ok(!limiter.hit('a').allowed, 'a second');
  assert.ok(limiter.hit('b').allowed, 'b first');
});

Deno.test('rate limiter starts a new window once the old one is over', () => {
  const c = clock();
  const limiter = new RateLimiter({ limit: 1, windowMs: 1_000, now: c.now });
  limiter.hit('a');
  assert.ok(!limiter.hit('a').allowed, 'within the window');
  c.advance(1_000);
  assert.ok(limiter.hit('a').allowed, 'next window');
});

Deno.test('rate limiter forgets expired clients and stays within maxKeys', () => {
  const c = clock();
  const limiter = new RateLimiter({ limit: 5, windowMs: 1_000, maxKeys: 3, now: c.now });
  for (const key of ['a', 'b', 'c', 'd', 'e']) limiter.hit(key);
  assert.equal(limiter.size, 3);
  c.advance(1_000);
  limiter.hit('f');
  assert.equal(limiter.size, 1);
});

Deno.test('rate limiter refuses nonsense settings', () => {
  assert.throws(() => new RateLimiter({ limit: 0, windowMs: 1_000 }), RangeError);
  assert.throws(() => new RateLimiter({ limit: 1.5, windowMs: 1_000 }), RangeError);
  assert.throws(() => new RateLimiter({ limit: 1, windowMs: 0 }), RangeError);
});

Deno.test('clientKey: first x-forwarded-for address, else x-real-ip, else the connection', () => {
  assert.equal(clientKey(new Headers({ 'x-forwarded-for': '203.0.113.7, 10.0.0.1' }), '127.0.0.1'), '203.0.113.7');
  assert.equal(clientKey(new Headers({ 'x-real-ip': '198.51.100.2' }), '127.0.0.1'), '198.51.100.2');
  assert.equal(clientKey(new Headers(), '127.0.0.1'), '127.0.0.1');
  assert.equal(clientKey(new Headers(), null), 'unknown');
});
