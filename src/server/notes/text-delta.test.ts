import { describe, expect, it } from 'vitest';
import { applyDeltaBack, deltaBack } from './text-delta.js';

describe('deltaBack', () => {
  const pairs: [string, string][] = [
    ['hello world', 'hello world!'],
    ['abc', ''],
    ['', 'abc'],
    ['same', 'same'],
    ['aaaa', 'aa'],
    ['😀😀', '😀😁'],
    ['x😀', 'x😁'],
    ['😀a', '😁a'],
    ['a\u0000b', 'a\u0000\u0000b'],
    ['start middle end', 'start MIDDLE end'],
  ];

  it.each(pairs)('gets %j back from %j', (older, newer) => {
    const delta = deltaBack(newer, older);
    expect(applyDeltaBack(newer, delta)).toBe(older);
    expect(delta.insert.isWellFormed()).toBe(true);
  });

  it('holds only what a keystroke changed', () => {
    const body = 'x'.repeat(100_000);
    expect(deltaBack(`${body}!`, body)).toEqual({ start: 100_000, end: 100_001, insert: '' });
  });
});
