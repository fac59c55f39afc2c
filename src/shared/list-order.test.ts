import { describe, expect, it } from 'vitest';
import { compareListOrder, type ListOrderKey } from './list-order.js';

const key = (id: string, timeLastModified: number, changeSeq: number): ListOrderKey => ({
  id,
  timeLastModified,
  changeSeq,
});

const ids = (keys: ListOrderKey[]) => [...keys].sort(compareListOrder).map((k) => k.id);

describe('compareListOrder', () => {
  it('puts the most recently modified first, whatever changed later', () => {
    expect(ids([key('old', 100, 9), key('new', 200, 1), key('mid', 150, 5)])).toEqual([
      'new',
      'mid',
      'old',
    ]);
  });

  it('puts the later change first among notes modified in the same second', () => {
    expect(ids([key('first', 100, 1), key('third', 100, 3), key('second', 100, 2)])).toEqual([
      'third',
      'second',
      'first',
    ]);
  });

  it('puts the larger id first when the time and the change are the same', () => {
    expect(ids([key('a', 100, 1), key('c', 100, 1), key('b', 100, 1)])).toEqual(['c', 'b', 'a']);
    expect(compareListOrder(key('a', 100, 1), key('a', 100, 1))).toBe(0);
  });

  it('compares ids by code point, as the databases do, so a longer id after its start', () => {
    // U+FFFD is one UTF-16 unit above a surrogate, yet a smaller code point than U+1F600.
    expect(ids([key('\u{1F600}', 1, 1), key('\uFFFD', 1, 1), key('z', 1, 1)])).toEqual([
      '\u{1F600}',
      '\uFFFD',
      'z',
    ]);
    expect(ids([key('ab', 1, 1), key('abc', 1, 1), key('a', 1, 1)])).toEqual(['abc', 'ab', 'a']);
  });

  it('is a total order: antisymmetric over every pair', () => {
    const keys = [key('a', 1, 1), key('b', 1, 1), key('a', 1, 2), key('a', 2, 1)];
    for (const a of keys) {
      for (const b of keys) {
        expect(Math.sign(compareListOrder(a, b))).toBe(-Math.sign(compareListOrder(b, a)) || 0);
      }
    }
  });
});
