/**
 * Rate limits of the functions. The functions count in the database, which every worker shares:
 * the public API per key (public.authenticate_api_request), the `public` function per client
 * address (public.take_public_rate_limit), both through private.take_key_rate_limit. The in-memory
 * `RateLimiter` below is what the handlers' unit tests count with (handlers given the same one
 * share it, as workers share the database); a function counting with it would let N warm workers
 * through N times the limit.
 */
export interface RateLimitDecision {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Whole seconds until the window of this key resets (at least 1). */
  retryAfterSeconds: number;
}

/** What the database's counter answers (private.take_key_rate_limit). */
export interface RateLimitAnswer {
  allowed: boolean;
  limit: number;
  remaining: number;
  retry_after: number;
}

export function rateLimitDecision(answer: RateLimitAnswer): RateLimitDecision {
  return { allowed: answer.allowed, limit: answer.limit, remaining: answer.remaining, retryAfterSeconds: answer.retry_after };
}

/** Counts one request of a client key: the database's shared counter, or a `RateLimiter` in tests. */
export interface ClientRateLimit {
  hit(key: string): RateLimitDecision | Promise<RateLimitDecision>;
}

/**
 * A fixed-window request counter per client key, in memory. Bounded: expired windows are swept,
 * and past MAX_KEYS the oldest windows are dropped first.
 */

interface Window {
  startedAt: number;
  count: number;
}

export interface RateLimiterOptions {
  limit: number;
  windowMs: number;
  maxKeys?: number;
  now?: () => number;
}

export class RateLimiter implements ClientRateLimit {
  readonly limit: number;
  readonly windowMs: number;
  private readonly maxKeys: number;
  private readonly now: () => number;
  private readonly windows = new Map<string, Window>();
  private lastSweep = 0;

  constructor(options: RateLimiterOptions) {
    if (!Number.isInteger(options.limit) || options.limit < 1) throw new RangeError(`limit must be a positive integer, got ${options.limit}`);
    if (!(options.windowMs > 0)) throw new RangeError(`windowMs must be positive, got ${options.windowMs}`);
    this.limit = options.limit;
    this.windowMs = options.windowMs;
    this.maxKeys = options.maxKeys ?? 10_000;
    this.now = options.now ?? Date.now;
  }

  /** Counts one request of `key` and says whether it may proceed. */
  hit(key: string): RateLimitDecision {
    const now = this.now();
    this.sweep(now);
    let window = this.windows.get(key);
    if (!window || now - window.startedAt >= this.windowMs) {
      this.windows.delete(key);
      window = { startedAt: now, count: 0 };
      this.windows.set(key, window);
    }
    window.count += 1;
    const allowed = window.count <= this.limit;
    const retryAfterSeconds = Math.max(1, Math.ceil((window.startedAt + this.windowMs - now) / 1000));
    return { allowed, limit: this.limit, remaining: Math.max(0, this.limit - window.count), retryAfterSeconds };
  }

  get size(): number {
    return this.windows.size;
  }

  private sweep(now: number): void {
    if (now - this.lastSweep >= this.windowMs) {
      this.lastSweep = now;
      for (const [key, window] of this.windows) if (now - window.startedAt >= this.windowMs) this.windows.delete(key);
    }
    // Map iteration is insertion order, and a key is re-inserted when its window restarts: oldest first.
    while (this.windows.size >= this.maxKeys) {
      const oldest = this.windows.keys().next();
      if (oldest.done) break;
      this.windows.delete(oldest.value);
    }
  }
}

/**
 * The client a request counts against: the first x-forwarded-for address (the platform's gateway
 * appends the connection's address to what the client sent), else x-real-ip, else the connection.
 */
export function clientKey(headers: Headers, remoteAddress: string | null): string {
  const forwarded = headers.get('x-forwarded-for')?.split(',')[0]?.trim();
  if (forwarded) return forwarded;
  const realIp = headers.get('x-real-ip')?.trim();
  if (realIp) return realIp;
  return remoteAddress ?? 'unknown';
}
