import { describe, expect, it } from 'vitest';
import { backoffDelay } from './backoff.js';

const options = { baseMs: 500, maxMs: 15_000 };

describe('backoffDelay', () => {
  it('doubles from the base without jitter at the midpoint', () => {
    const noJitter = () => 0.5;
    expect([0, 1, 2, 3].map((n) => backoffDelay(n, options, noJitter))).toEqual([
      500, 1000, 2000, 4000,
    ]);
  });

  it('spreads ±50% around the nominal delay', () => {
    expect(backoffDelay(1, options, () => 0)).toBe(500);
    expect(backoffDelay(1, options, () => 0.999999)).toBe(1500);
  });

  it('never exceeds the cap, even for huge attempt numbers', () => {
    for (const attempt of [5, 6, 10, 100, 10_000]) {
      expect(backoffDelay(attempt, options, () => 0.999)).toBeLessThanOrEqual(15_000);
      expect(backoffDelay(attempt, options, () => 0)).toBe(7_500);
    }
  });
});
