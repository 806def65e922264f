/**
 * A sliding-window limiter: at most `limit` events per `windowMs` for each key (a client IP),
 * kept in memory like GoTrue's per-instance limiters.
 */
export class RateLimiter {
  private readonly hits = new Map<string, number[]>();
  private lastSweep = 0;

  constructor(
    readonly limit: number,
    readonly windowMs: number,
  ) {}

  /** Records one event for `key`; false when the key is over its limit (the event is then not counted). */
  take(key: string, now = Date.now()): boolean {
    this.sweep(now);
    const since = now - this.windowMs;
    const list = (this.hits.get(key) ?? []).filter((t) => t > since);
    if (list.length >= this.limit) {
      this.hits.set(key, list);
      return false;
    }
    list.push(now);
    this.hits.set(key, list);
    return true;
  }

  /** Forgets idle keys so the map cannot grow without bound. */
  private sweep(now: number): void {
    if (now - this.lastSweep < this.windowMs) return;
    this.lastSweep = now;
    const since = now - this.windowMs;
    for (const [key, list] of this.hits) if (!list.some((t) => t > since)) this.hits.delete(key);
  }
}
