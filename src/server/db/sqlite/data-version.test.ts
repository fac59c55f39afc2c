import { expect, it, vi } from 'vitest';
import { dataVersionReader } from './data-version.js';

it('reads the count again once a few milliseconds have passed, not on every ask', () => {
  vi.useFakeTimers({ toFake: ['performance'] });
  try {
    let version = 1;
    const statement = { get: vi.fn(() => version) };
    const writesElsewhere = dataVersionReader(statement);
    expect(writesElsewhere()).toBe(1);
    version = 2;
    expect(writesElsewhere()).toBe(1);
    expect(statement.get).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(6);
    expect(writesElsewhere()).toBe(2);
    expect(statement.get).toHaveBeenCalledTimes(2);
  } finally {
    vi.useRealTimers();
  }
});
