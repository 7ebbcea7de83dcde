/**
 * A fixed-window count per user, in this process: at most `limit` calls per `windowMs`. It protects the
 * LLM bill and the provider's own limits from one busy user; several app servers each keep their own count.
 */
export interface RateLimiter {
  /** Takes `n` calls for `key`; false (taking nothing) when that would pass the limit for the current window. */
  take(key: string, n: number): boolean;
}

export function createRateLimiter(opts: { limit: number; windowMs: number; now: () => number }): RateLimiter {
  const windows = new Map<string, { start: number; used: number }>();
  return {
    take(key, n) {
      const now = opts.now();
      if (windows.size > 10_000) {
        for (const [k, w] of windows) if (now - w.start >= opts.windowMs) windows.delete(k);
      }
      let window = windows.get(key);
      if (!window || now - window.start >= opts.windowMs) {
        window = { start: now, used: 0 };
        windows.set(key, window);
      }
      if (window.used + n > opts.limit) return false;
      window.used += n;
      return true;
    },
  };
}
