import type { FastifyRateLimitOptions, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';

interface Window {
  current: number;
  ttl: number;
  startMs: number;
}

const MAX_TRACKED_ADDRESSES = 10_000;

/**
 * A rate-limit store whose routes share one count per client address, so login and signup
 * together get AUTH_RATE_LIMIT attempts a minute (the plugin's own store counts each route
 * apart). Fixed windows of the plugin's `timeWindow`; the oldest addresses are forgotten past a bound.
 */
export const SharedRateLimitStore: FastifyRateLimitStoreCtor = class {
  private readonly windows = new Map<string, Window>();
  private readonly timeWindow: number;

  constructor(options: FastifyRateLimitOptions) {
    // The plugin hands the store its options with `timeWindow` already in milliseconds.
    const { timeWindow } = options as { timeWindow?: unknown };
    this.timeWindow = typeof timeWindow === 'number' ? timeWindow : 60_000;
  }

  incr(
    key: string,
    callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
  ): void {
    const { timeWindow } = this;
    const now = Date.now();
    let window = this.windows.get(key);
    if (!window || window.startMs + timeWindow <= now) {
      window = { current: 0, ttl: timeWindow, startMs: now };
    }
    window.current += 1;
    window.ttl = window.startMs + timeWindow - now;
    this.windows.delete(key); // re-inserted last: Map order doubles as least-recently-used
    this.windows.set(key, window);
    if (this.windows.size > MAX_TRACKED_ADDRESSES) {
      const oldest = this.windows.keys().next().value;
      if (oldest !== undefined) this.windows.delete(oldest);
    }
    callback(null, { current: window.current, ttl: window.ttl });
  }

  child() {
    return this;
  }
};
