import { describe, expect, it } from 'vitest';
import {
  FREE_SECOND_FACTOR_FAILURES,
  SECOND_FACTOR_LOCK_AFTER,
  secondFactorWaitMs,
} from './second-factor-attempts.js';

describe('secondFactorWaitMs', () => {
  it('costs nothing for the first few wrong codes, then doubles from 2 s', () => {
    const waits = Array.from({ length: SECOND_FACTOR_LOCK_AFTER }, (_, n) => secondFactorWaitMs(n));
    expect(waits.slice(0, FREE_SECOND_FACTOR_FAILURES)).toEqual([0, 0, 0]);
    expect(waits.slice(FREE_SECOND_FACTOR_FAILURES)).toEqual([
      2000, 4000, 8000, 16000, 32000, 64000, 128000,
    ]);
  });
});
