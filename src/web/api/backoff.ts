export interface BackoffOptions {
  /** Delay before the first retry, in milliseconds. */
  baseMs: number;
  /** Longest delay, jitter included. */
  maxMs: number;
}

export const RECONNECT_BACKOFF: BackoffOptions = { baseMs: 500, maxMs: 15_000 };

/**
 * Delay before retry number `attempt` (0-based): doubling from `baseMs`, ±50% random jitter so
 * many clients that lost the same server do not all come back at the same instant, capped.
 */
export function backoffDelay(
  attempt: number,
  options: BackoffOptions = RECONNECT_BACKOFF,
  random: () => number = Math.random,
): number {
  const exponential = options.baseMs * 2 ** Math.min(attempt, 30);
  const jittered = Math.min(exponential, options.maxMs) * (0.5 + random());
  return Math.round(Math.min(jittered, options.maxMs));
}
