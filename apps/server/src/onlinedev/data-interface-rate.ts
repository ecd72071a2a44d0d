/**
 * Calls per minute of a data interface, per (interface, user), counted in this process: a window
 * opens with a key's first call and holds `limit` calls for a minute. Several server processes each
 * count their own (docs/data-interfaces.md); the count is a guard against a runaway client, not a
 * quota to bill.
 */
const WINDOW_MS = 60_000;

export class MinuteWindows {
  private readonly windows = new Map<string, { start: number; count: number }>();

  constructor(private readonly maxKeys = 50_000) {}

  /** Counts a call of `key`; 0 when it may go ahead, else the seconds until its window ends. */
  take(key: string, limit: number, now = Date.now()): number {
    let window = this.windows.get(key);
    if (!window || now - window.start >= WINDOW_MS) {
      if (!window && this.windows.size >= this.maxKeys) this.prune(now);
      window = { start: now, count: 0 };
      this.windows.set(key, window);
    }
    if (window.count >= limit) return Math.max(1, Math.ceil((window.start + WINDOW_MS - now) / 1000));
    window.count++;
    return 0;
  }

  /** Drops ended windows; still full (a flood of callers), the oldest half. */
  private prune(now: number): void {
    for (const [key, window] of this.windows) if (now - window.start >= WINDOW_MS) this.windows.delete(key);
    let excess = this.windows.size - Math.floor(this.maxKeys / 2);
    for (const key of this.windows.keys()) {
      if (excess-- <= 0) break;
      this.windows.delete(key);
    }
  }
}
