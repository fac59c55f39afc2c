import { describe, expect, it } from 'vitest';
import { RateLimitedError } from '../domain-errors.js';
import { HashingQueue } from './hashing-queue.js';

/** A task that finishes when the test says so, and records that it started. */
function gate(started: string[], name: string) {
  let finish!: () => void;
  let fail!: (error: Error) => void;
  const done = new Promise<string>((resolve, reject) => {
    finish = () => resolve(name);
    fail = reject;
  });
  return {
    task: () => {
      started.push(name);
      return done;
    },
    finish: () => finish(),
    fail: (error: Error) => fail(error),
  };
}

describe('HashingQueue', () => {
  it('runs a few at a time, lets the next in line start as one ends, in arrival order', async () => {
    const queue = new HashingQueue(2, 5);
    const started: string[] = [];
    const gates = ['a', 'b', 'c', 'd'].map((name) => gate(started, name));
    const results = gates.map((g) => queue.run(g.task));
    await Promise.resolve();
    expect(started).toEqual(['a', 'b']);
    expect(queue.load).toEqual({ running: 2, waiting: 2 });
    gates[1]?.finish();
    expect(await results[1]).toBe('b');
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual(['a', 'b', 'c']);
    gates[0]?.finish();
    gates[2]?.finish();
    gates[3]?.finish();
    expect(await Promise.all(results)).toEqual(['a', 'b', 'c', 'd']);
    expect(queue.load).toEqual({ running: 0, waiting: 0 });
  });

  it('refuses at once with 503 and Retry-After when the waiting line is full', async () => {
    const queue = new HashingQueue(1, 1);
    const started: string[] = [];
    const first = gate(started, 'first');
    const second = gate(started, 'second');
    const running = queue.run(first.task);
    const waiting = queue.run(second.task);
    const refused = await queue.run(gate(started, 'third').task).catch((error) => error);
    expect(refused).toBeInstanceOf(RateLimitedError);
    expect(refused.code).toBe('unavailable');
    expect(refused.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    expect(started).toEqual(['first']);
    first.finish();
    second.finish();
    expect(await Promise.all([running, waiting])).toEqual(['first', 'second']);
  });

  it('frees the slot of a task that fails', async () => {
    const queue = new HashingQueue(1, 0);
    const started: string[] = [];
    const failing = gate(started, 'failing');
    const result = queue.run(failing.task);
    failing.fail(new Error('boom'));
    await expect(result).rejects.toThrow('boom');
    const next = gate(started, 'next');
    const nextResult = queue.run(next.task);
    next.finish();
    expect(await nextResult).toBe('next');
  });
});
