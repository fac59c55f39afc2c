import { RateLimitedError } from '../domain-errors.js';

const WINDOW_MS = 60_000;
const MAX_TRACKED_ACCOUNTS = 10_000;

/**
 * Failed sign-in attempts per account, in fixed one-minute windows, so one password cannot be
 * guessed from many addresses either. Only failures count: the owner who types the right
 * password is never slowed by their own successes. Kept in memory: with several instances each
 * counts its own, which bounds guessing at the limit times the number of instances.
 */
export class LoginThrottle {
  private readonly windows = new Map<string, { failures: number; startMs: number }>();

  /** `limit` failures a minute per account; 0 turns the throttle off. */
  constructor(private readonly limit: number) {}

  /** Throws 429 with Retry-After when the account has used up its attempts this minute. */
  check(account: string, nowMs = Date.now()): void {
    if (this.limit === 0) return;
    const window = this.current(account, nowMs);
    if (window && window.failures >= this.limit) {
      const retryAfter = Math.max(1, Math.ceil((window.startMs + WINDOW_MS - nowMs) / 1000));
      throw new RateLimitedError(
        `Too many attempts for this account; try again in ${retryAfter} seconds`,
        retryAfter,
      );
    }
  }

  recordFailure(account: string, nowMs = Date.now()): void {
    if (this.limit === 0) return;
    const window = this.current(account, nowMs) ?? { failures: 0, startMs: nowMs };
    window.failures += 1;
    this.windows.delete(account); // re-inserted last: Map order doubles as least-recently-used
    this.windows.set(account, window);
    if (this.windows.size > MAX_TRACKED_ACCOUNTS) {
      const oldest = this.windows.keys().next().value;
      if (oldest !== undefined) this.windows.delete(oldest);
    }
  }

  private current(account: string, nowMs: number) {
    const window = this.windows.get(account);
    return window && window.startMs + WINDOW_MS > nowMs ? window : undefined;
  }
}
