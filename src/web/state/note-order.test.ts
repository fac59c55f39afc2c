import { describe, expect, it } from 'vitest';
import { compareListOrder } from '../../shared/list-order.js';
import type { Note } from '../../shared/note.js';
import { inModifiedOrder, listOrderKeyAt, toFront, withoutId } from './note-order.js';

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

  it('puts an id before the first one modified no later than it', () => {
    const times: Record<string, number> = { a: 300, b: 200, c: 100 };
    const at = (id: string) => times[id];
    expect(inModifiedOrder(['a', 'b', 'c'], 'n', 250, at)).toEqual(['a', 'n', 'b', 'c']);
    expect(inModifiedOrder(['a', 'b', 'c'], 'n', 200, at)).toEqual(['a', 'n', 'b', 'c']);
    expect(inModifiedOrder(['a', 'b', 'c'], 'n', 400, at)).toEqual(['n', 'a', 'b', 'c']);
    expect(inModifiedOrder(['a', 'b', 'c'], 'n', 50, at)).toEqual(['a', 'b', 'c', 'n']);
    expect(inModifiedOrder([], 'n', 50, at)).toEqual(['n']);
  });

  it('sorts by the time, then as listed, when the device knows only where notes were listed', () => {
    const note = (id: string, timeLastModified: number) => ({ id, timeLastModified }) as Note;
    const keys = [
      listOrderKeyAt(note('listed third', 10), 2),
      listOrderKeyAt(note('newer', 20), 5),
      listOrderKeyAt(note('listed first', 10), 0),
      listOrderKeyAt(note('listed second', 10), 1),
    ];
    expect(keys.sort(compareListOrder).map((key) => key.id)).toEqual([
      'newer',
      'listed first',
      'listed second',
      'listed third',
    ]);
  });
});
