import { RateLimitedError } from '../domain-errors.js';
import { clientNetwork } from './client-network.js';

const WINDOW_MS = 60_000;
/** How many times the per-network limit an account may fail in all before it is slowed. */
export const ACCOUNT_CEILING_FACTOR = 5;
/** Past the account's ceiling, the wait a network that just failed has before its next try. */
export const SLOWED_SPACING_MS = 15_000;
const MAX_TRACKED = 10_000;

interface Window {
  failures: number;
  startMs: number;
  lastFailureMs: number;
}

/** Fixed one-minute windows of failures per key, the least recently failed forgotten first. */
class FailureWindows {
  private readonly windows = new Map<string, Window>();

  current(key: string, nowMs: number): Window | undefined {
    const window = this.windows.get(key);
    return window && window.startMs + WINDOW_MS > nowMs ? window : undefined;
  }

  record(key: string, nowMs: number): void {
    const window = this.current(key, nowMs) ?? { failures: 0, startMs: nowMs, lastFailureMs: 0 };
    window.failures += 1;
    window.lastFailureMs = nowMs;
    this.windows.delete(key); // re-inserted last: Map order doubles as least-recently-used
    this.windows.set(key, window);
    if (this.windows.size > MAX_TRACKED) {
      const oldest = this.windows.keys().next().value;
      if (oldest !== undefined) this.windows.delete(oldest);
    }
  }

  forget(key: string): void {
    this.windows.delete(key);
  }
}

const tooMany = (retryAfterMs: number) => {
  const retryAfter = Math.max(1, Math.ceil(retryAfterMs / 1000));
  return new RateLimitedError(
    `Too many attempts for this account; try again in ${retryAfter} seconds`,
    retryAfter,
  );
};

/**
 * Failed passwords per account and client network (/24 or /64, client-network.ts), so a
 * stranger guessing one account's password runs out of tries on their own network, and the
 * owner elsewhere is not locked out by it. Across networks an account has a higher ceiling;
 * past it the account is slowed, never closed: a network that has just failed waits a few
 * seconds, and one that has not (usually the owner's) goes straight through. Only failures
 * count, and a success clears its network's. Kept in memory: with several instances each
 * counts its own, which bounds guessing at the limits times the number of instances.
 */
export class LoginThrottle {
  private readonly networks = new FailureWindows();
  private readonly accounts = new FailureWindows();

  /** `limit` failures a minute per account and network; 0 turns the throttle off. */
  constructor(private readonly limit: number) {}

  /** Throws 429 with Retry-After when this network, or the slowed account, must wait. */
  check(account: string, address: string, nowMs = Date.now()): void {
    if (this.limit === 0) return;
    const network = this.networks.current(networkKey(account, address), nowMs);
    if (network && network.failures >= this.limit) {
      throw tooMany(network.startMs + WINDOW_MS - nowMs);
    }
    const overall = this.accounts.current(account, nowMs);
    const slowed = overall && overall.failures >= this.limit * ACCOUNT_CEILING_FACTOR;
    if (slowed && network && network.lastFailureMs + SLOWED_SPACING_MS > nowMs) {
      throw tooMany(network.lastFailureMs + SLOWED_SPACING_MS - nowMs);
    }
  }

  recordFailure(account: string, address: string, nowMs = Date.now()): void {
    if (this.limit === 0) return;
    this.networks.record(networkKey(account, address), nowMs);
    this.accounts.record(account, nowMs);
  }

  /** The right password from this network: its earlier typos are forgiven. */
  recordSuccess(account: string, address: string): void {
    this.networks.forget(networkKey(account, address));
  }
}

const networkKey = (account: string, address: string) => `${account}\n${clientNetwork(address)}`;
