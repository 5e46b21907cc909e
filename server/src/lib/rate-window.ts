/**
 * Counts hits per key in fixed windows (one minute by default), for limits that differ per key (a share's
 * per-visitor rate) and for counters read back (failed logins). In memory: one process serves a team;
 * several processes would move it to Redis.
 *
 * Memory stays bounded when the keys are sprayed (visitor ids, usernames, addresses): past `maxKeys`
 * the ended windows go first, then the least recently started ones.
 */
export class RateWindow {
  private readonly windows = new Map<string, { start: number; hits: number }>();

  constructor(
    private readonly windowMs = 60_000,
    private readonly now: () => number = Date.now,
    private readonly maxKeys = 50_000,
  ) {}

  /** Counts one hit; false (and not counted) when the key already had `limit` hits in the current window. */
  hit(key: string, limit = Number.POSITIVE_INFINITY): boolean {
    const now = this.now();
    let window = this.current(key, now);
    if (!window) {
      window = { start: now, hits: 0 };
      this.windows.set(key, window);
      if (this.windows.size > this.maxKeys) this.shrink(now);
    }
    if (window.hits >= limit) return false;
    window.hits += 1;
    return true;
  }

  /** Hits of the key in its current window (0 when it has none). */
  hits(key: string): number {
    return this.current(key, this.now())?.hits ?? 0;
  }

  /** Milliseconds until the key's current window ends and its count starts over (0 when it has none). */
  msUntilReset(key: string): number {
    const now = this.now();
    const window = this.current(key, now);
    return window ? window.start + this.windowMs - now : 0;
  }

  private current(key: string, now: number): { start: number; hits: number } | undefined {
    const window = this.windows.get(key);
    if (!window) return undefined;
    if (now - window.start < this.windowMs) return window;
    this.windows.delete(key);
    return undefined;
  }

  /** Down to 90% of `maxKeys`, so a spray pays this walk once per many new keys, not on every one. */
  private shrink(now: number): void {
    const target = Math.floor(this.maxKeys * 0.9);
    for (const [key, window] of this.windows) if (now - window.start >= this.windowMs) this.windows.delete(key);
    // Insertion order is start order: a key re-enters the map when its window starts over.
    for (const key of this.windows.keys()) {
      if (this.windows.size <= target) break;
      this.windows.delete(key);
    }
  }
}
