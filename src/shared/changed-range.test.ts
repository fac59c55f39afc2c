import { describe, expect, it } from 'vitest';
import { changedRange } from './changed-range.js';

function apply(before: string, after: string): string {
  const { start, end, insert } = changedRange(before, after);
  return before.slice(0, start) + insert + before.slice(end);
}

describe('changedRange', () => {
  it('finds an insertion, a deletion and a replacement', () => {
    expect(changedRange('hello world', 'hello big world')).toEqual({
      start: 6,
      end: 6,
      insert: 'big ',
    });
    expect(changedRange('hello big world', 'hello world')).toEqual({
      start: 6,
      end: 10,
      insert: '',
    });
    expect(changedRange('abcXdef', 'abcYYdef')).toEqual({ start: 3, end: 4, insert: 'YY' });
  });

  it('handles identical, empty and fully different texts', () => {
    expect(changedRange('same', 'same')).toEqual({ start: 4, end: 4, insert: '' });
    expect(changedRange('', 'new')).toEqual({ start: 0, end: 0, insert: 'new' });
    expect(changedRange('old', '')).toEqual({ start: 0, end: 3, insert: '' });
    expect(changedRange('abc', 'xyz')).toEqual({ start: 0, end: 3, insert: 'xyz' });
  });

  it('does not let prefix and suffix overlap on repeated characters', () => {
    expect(apply('aaa', 'aaaa')).toBe('aaaa');
    expect(apply('abab', 'ab')).toBe('ab');
  });

  it('never splits a surrogate pair', () => {
    const range = changedRange('x😀y', 'x😃y');
    expect(range).toEqual({ start: 1, end: 3, insert: '😃' });
    expect(apply('😀😀', '😀😃')).toBe('😀😃');
    expect(apply('😃a', '😀a')).toBe('😀a');
  });
});
