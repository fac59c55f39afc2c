import { describe, expect, it } from 'vitest';
import { ChunkedMap } from './chunked-map.js';

const keys = (count: number) => Array.from({ length: count }, (_, i) => `key-${i}`);

describe('ChunkedMap', () => {
  it('holds what it was built from, and its size', () => {
    const map = ChunkedMap.from(keys(3000).map((key, i) => [key, i] as const));
    expect(map.size).toBe(3000);
    expect(map.get('key-1234')).toBe(1234);
    expect(map.has('key-2999')).toBe(true);
    expect(map.has('nope')).toBe(false);
    expect([...map.values()].sort((a, b) => a - b)).toEqual(keys(3000).map((_, i) => i));
  });

  it('counts a key given twice once, with its last value', () => {
    const map = ChunkedMap.from([
      ['a', 1],
      ['a', 2],
    ]);
    expect(map.size).toBe(1);
    expect(map.get('a')).toBe(2);
  });

  it('leaves the old version as it was when a key is set or deleted', () => {
    const before = ChunkedMap.from([
      ['a', 1],
      ['b', 2],
    ]);
    const set = before.set('a', 10).set('c', 3);
    const deleted = set.delete('b');
    expect([...before.entries()].sort()).toEqual([
      ['a', 1],
      ['b', 2],
    ]);
    expect(set.size).toBe(3);
    expect(set.get('a')).toBe(10);
    expect(deleted.size).toBe(2);
    expect(deleted.has('b')).toBe(false);
    expect([...deleted.keys()].sort()).toEqual(['a', 'c']);
  });

  it('returns itself for a change that changes nothing', () => {
    const map = ChunkedMap.from([['a', 1]]);
    expect(map.set('a', 1)).toBe(map);
    expect(map.delete('b')).toBe(map);
  });

  it('lists the keys that changed between two versions', () => {
    const before = ChunkedMap.from(keys(5000).map((key): [string, number] => [key, 0]));
    const after = before.set('key-7', 1).delete('key-8').set('new', 2);
    const changes = ChunkedMap.changes(before, after).sort((a, b) => a.key.localeCompare(b.key));
    expect(changes).toEqual([
      { key: 'key-7', before: 0, after: 1 },
      { key: 'key-8', before: 0, after: undefined },
      { key: 'new', before: undefined, after: 2 },
    ]);
    expect(ChunkedMap.changes(after, after)).toEqual([]);
  });

  it('starts empty', () => {
    const empty = ChunkedMap.empty<number>();
    expect(empty.size).toBe(0);
    expect([...empty.values()]).toEqual([]);
    expect(empty.set('a', 1).get('a')).toBe(1);
  });
});
