/**
 * Counts hits per key in fixed one-minute windows, for limits that differ per key (a share's per-visitor
 * rate). In memory: one process serves a team (DESIGN.md §11); several processes would move it to Redis.
 */
export class RateWindow {
  private readonly windows = new Map<string, { start: number; hits: number }>();

  constructor(
    private readonly windowMs = 60_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one hit; false when the key already had `limit` hits in the current window. */
  hit(key: string, limit: number): boolean {
    const now = this.now();
    let window = this.windows.get(key);
    if (!window || now - window.start >= this.windowMs) {
      if (this.windows.size > 50_000) this.sweep(now);
      window = { start: now, hits: 0 };
      this.windows.set(key, window);
    }
    if (window.hits >= limit) return false;
    window.hits += 1;
    return true;
  }

  private sweep(now: number): void {
    for (const [key, window] of this.windows) if (now - window.start >= this.windowMs) this.windows.delete(key);
  }
}
