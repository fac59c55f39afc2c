import { describe, expect, it } from 'vitest';
import { toFront, withoutId } from './note-order.js';

describe('note order', () => {
  it('moves an id to the front, keeping the others in order', () => {
    expect(toFront(['a', 'b', 'c', 'd'], 'c')).toEqual(['c', 'a', 'b', 'd']);
    expect(toFront(['a', 'b', 'c'], 'c')).toEqual(['c', 'a', 'b']);
  });

  it('puts a new id in front, and leaves an id already in front alone', () => {
    const ids = ['a', 'b'];
    expect(toFront(ids, 'n')).toEqual(['n', 'a', 'b']);
    expect(toFront(ids, 'a')).toBe(ids);
    expect(ids).toEqual(['a', 'b']);
  });

  it('removes an id, and returns the same array when it is not there', () => {
    const ids = ['a', 'b', 'c'];
    expect(withoutId(ids, 'b')).toEqual(['a', 'c']);
    expect(withoutId(ids, 'c')).toEqual(['a', 'b']);
    expect(withoutId(ids, 'x')).toBe(ids);
    expect(ids).toEqual(['a', 'b', 'c']);
  });
});
