import { describe, expect, it } from 'vitest';
import type { NoteChange } from './live-bus.js';
import { OwnChanges } from './own-changes.js';

const change = (noteId: string): NoteChange => ({ userId: 'u', event: 'delete', noteId });

function ownChanges() {
  const delivered: string[] = [];
  const own = new OwnChanges((c) => delivered.push(c.event === 'delete' ? c.noteId : ''));
  return { own, delivered };
}

describe('own changes held until their notifications come back', () => {
  it('hands a change on only when its own notice, or a later one, is back', () => {
    const { own, delivered } = ownChanges();
    const [a, b, c] = [own.hold(change('a')), own.hold(change('b')), own.hold(change('c'))];
    expect(delivered).toEqual([]);
    own.echoed(a);
    expect(delivered).toEqual(['a']);
    own.echoed(c); // b's notice was in the same batch and came first
    expect(delivered).toEqual(['a', 'b', 'c']);
    own.echoed(b); // a late echo of something already handed on changes nothing
    expect(delivered).toEqual(['a', 'b', 'c']);
    expect(b).toBe(a + 1);
  });

  it('hands on a change whose notice could not be sent, in its turn', () => {
    const { own, delivered } = ownChanges();
    const [a, b, c] = [own.hold(change('a')), own.hold(change('b')), own.hold(change('c'))];
    own.unsent(b);
    expect(delivered).toEqual([]); // a's notice is still on its way
    own.echoed(a);
    expect(delivered).toEqual(['a', 'b']);
    own.unsent(c);
    expect(delivered).toEqual(['a', 'b', 'c']);
  });

  it('hands on everything held when the listening connection breaks', () => {
    const { own, delivered } = ownChanges();
    for (const id of ['a', 'b']) own.hold(change(id));
    own.releaseAll();
    expect(delivered).toEqual(['a', 'b']);
  });
});
