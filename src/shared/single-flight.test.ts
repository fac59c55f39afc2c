import { describe, expect, it } from 'vitest';
import { SingleFlight } from './single-flight.js';

describe('one run at a time', () => {
  it('shares the run under way and starts afresh once it has settled', async () => {
    const flight = new SingleFlight<number>();
    let starts = 0;
    let finish = (_value: number) => {};
    const start = () => {
      starts += 1;
      return new Promise<number>((resolve) => {
        finish = resolve;
      });
    };
    const first = flight.run(start);
    const second = flight.run(start);
    expect(second).toBe(first);
    expect(flight.running).toBe(first);
    finish(1);
    expect(await second).toBe(1);
    expect(flight.running).toBeUndefined();
    const third = flight.run(start);
    expect(starts).toBe(2);
    finish(2);
    expect(await third).toBe(2);
  });

  it('starts afresh after a run that failed', async () => {
    const flight = new SingleFlight<void>();
    await expect(flight.run(() => Promise.reject(new Error('no')))).rejects.toThrow('no');
    await expect(flight.run(() => Promise.resolve())).resolves.toBeUndefined();
  });
});
