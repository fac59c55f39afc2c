import { describe, expect, it } from 'vitest';
import type { RateLimitedError } from '../domain-errors.js';
import { ACCOUNT_CEILING_FACTOR, LoginThrottle, SLOWED_SPACING_MS } from './login-throttle.js';

const ACCOUNT = 'me@example.com';

/** The Retry-After a check answers with, or undefined when the attempt may go ahead. */
function retryAfter(throttle: LoginThrottle, address: string, nowMs: number) {
  try {
    throttle.check(ACCOUNT, address, nowMs);
    return undefined;
  } catch (error) {
    return (error as RateLimitedError).retryAfterSeconds;
  }
}

describe('LoginThrottle', () => {
  it('stops a network after the limit for the rest of its minute, and only that network', () => {
    const throttle = new LoginThrottle(3);
    for (const host of [1, 2, 3]) throttle.recordFailure(ACCOUNT, `203.0.113.${host}`, 0);
    // Any address of the same /24 shares its count.
    expect(retryAfter(throttle, '203.0.113.99', 20_000)).toBe(40);
    expect(retryAfter(throttle, '198.51.100.4', 20_000)).toBeUndefined();
    expect(retryAfter(throttle, '203.0.113.99', 60_000)).toBeUndefined();
  });

  it('counts IPv6 clients by their /64', () => {
    const throttle = new LoginThrottle(2);
    throttle.recordFailure(ACCOUNT, '2001:db8:1:2::1', 0);
    throttle.recordFailure(ACCOUNT, '2001:db8:1:2::ffff', 0);
    expect(retryAfter(throttle, '2001:db8:1:2:3:4:5:6', 1000)).toBe(59);
    expect(retryAfter(throttle, '2001:db8:1:3::1', 1000)).toBeUndefined();
  });

  it('past the account ceiling slows networks that just failed, never one that has not', () => {
    const limit = 2;
    const throttle = new LoginThrottle(limit);
    const ceiling = limit * ACCOUNT_CEILING_FACTOR;
    for (let n = 0; n < ceiling; n += 1) throttle.recordFailure(ACCOUNT, `10.0.${n}.1`, 1000);
    // A network with one failure, under its own limit, now waits a few seconds…
    expect(retryAfter(throttle, '10.0.0.1', 2000)).toBe((SLOWED_SPACING_MS - 1000) / 1000);
    expect(retryAfter(throttle, '10.0.0.1', 1000 + SLOWED_SPACING_MS)).toBeUndefined();
    // …and the owner's network, with no failures, is never held back.
    expect(retryAfter(throttle, '192.0.2.10', 2000)).toBeUndefined();
    expect(retryAfter(throttle, '10.0.0.1', 61_000)).toBeUndefined();
  });

  it('forgives a network its typos once the right password comes from it', () => {
    const throttle = new LoginThrottle(2);
    throttle.recordFailure(ACCOUNT, '203.0.113.1', 0);
    throttle.recordFailure(ACCOUNT, '203.0.113.1', 0);
    throttle.recordSuccess(ACCOUNT, '203.0.113.1');
    expect(retryAfter(throttle, '203.0.113.1', 1000)).toBeUndefined();
  });

  it('is off with a limit of 0', () => {
    const throttle = new LoginThrottle(0);
    for (let n = 0; n < 100; n += 1) throttle.recordFailure(ACCOUNT, '203.0.113.1', 0);
    expect(retryAfter(throttle, '203.0.113.1', 0)).toBeUndefined();
  });
});
