import { describe, expect, it } from 'vitest';
import type { Note } from '../../shared/note.js';
import { type AppState, initialAppState } from '../state/app-state.js';
import { ChunkedMap } from '../state/chunked-map.js';
import { NoteLinks } from './note-links.js';

const note = (id: string, body: string, timeLastModified = 100): Note => ({
  id,
  body,
  timeCreated: 1,
  timeLastModified,
  revision: 1,
});

function stateOf(notes: Note[]): AppState {
  return {
    ...initialAppState,
    notes: ChunkedMap.from(notes.map((each) => [each.id, each] as const)),
    sortedNoteIds: notes.map((each) => each.id),
  };
}

describe('NoteLinks', () => {
  it('reads the names a slice at a time, then answers as if it had read them when asked', () => {
    const state = stateOf([
      note('a', 'Plan'),
      note('b', 'Trip'),
      note('c', '---\naliases: [Go]\n---\nRun'),
    ]);
    const links = new NoteLinks(() => state);
    expect(links.readNames(0, 2)).toBe(2);
    expect(links.readNames(2, 2)).toBe(3);
    expect(links.resolve('go')).toBe('c');
    expect(links.titles('', 5).map((match) => match.title)).toEqual(['Plan', 'Trip', 'Run']);
  });

  it('offers the titles in list order when a saved note moves to the top, or the order changes', () => {
    let state = stateOf([note('a', 'Plan'), note('b', 'Trip'), note('c', 'Run'), note('d', '')]);
    const links = new NoteLinks(() => state);
    const offered = () => links.titles('', 5).map((match) => match.title);
    expect(offered()).toEqual(['Plan', 'Trip', 'Run']);
    state = {
      ...state,
      notes: state.notes.set('c', note('c', 'Run\nfive miles', 200)),
      sortedNoteIds: ['c', 'a', 'b', 'd'],
    };
    expect(offered()).toEqual(['Run', 'Plan', 'Trip']);
    state = { ...state, sortedNoteIds: ['d', 'c', 'a', 'b'] };
    expect(offered()).toEqual(['Run', 'Plan', 'Trip']);
    state = { ...state, sortedNoteIds: ['b', 'd', 'a', 'c'] };
    expect(offered()).toEqual(['Trip', 'Plan', 'Run']);
  });

  it('resolves titles and follows the notes as they change', () => {
    let state = stateOf([note('a', '# Groceries\nmilk')]);
    const links = new NoteLinks(() => state);
    expect(links.resolve('groceries')).toBe('a');
    expect(links.resolve('Recipes')).toBeUndefined();
    state = stateOf([note('a', '# Groceries'), note('b', 'Recipes')]);
    expect(links.resolve('recipes')).toBe('b');
  });

  it('gives a shared title to the newest note, then the first in the list', () => {
    let state = stateOf([note('a', 'Plan', 100), note('b', 'plan', 200), note('c', 'PLAN', 200)]);
    const links = new NoteLinks(() => state);
    expect(links.resolve('plan')).toBe('b');
    state = { ...state, sortedNoteIds: ['c', 'a', 'b'] };
    expect(links.resolve('plan')).toBe('c');
    // Renamed, a note no longer answers to its old title.
    state = { ...state, notes: state.notes.set('c', note('c', 'Other', 300)) };
    expect(links.resolve('plan')).toBe('b');
    expect(links.resolve('other')).toBe('c');
    state = { ...state, notes: state.notes.delete('b') };
    expect(links.resolve('plan')).toBe('a');
  });

  it('offers titles without heading marks, best match first, at most as many as asked', () => {
    const state = stateOf([
      note('a', '# Angle'),
      note('b', 'Grocery list'),
      note('c', 'Glass'),
      note('d', ''),
      note('e', 'Garden log'),
    ]);
    const links = new NoteLinks(() => state);
    expect(links.titles('gl', 10).map((match) => match.title)).toEqual([
      'Glass',
      'Garden log',
      'Grocery list',
      'Angle',
    ]);
    expect(links.titles('', 2).map((match) => match.title)).toEqual(['Angle', 'Grocery list']);
    expect(links.titles('café', 10)).toEqual([]);
    expect(links.titles('GROC', 10)).toEqual([{ id: 'b', title: 'Grocery list' }]);
  });

  it('offers titles as they are now: renamed, added or typed below, in the same order', () => {
    let state = stateOf([note('a', 'Apples\nred'), note('b', 'Apricots')]);
    const links = new NoteLinks(() => state);
    const offered = (query: string) => links.titles(query, 10).map((match) => match.title);
    expect(offered('ap')).toEqual(['Apples', 'Apricots']);
    state = { ...state, notes: state.notes.set('a', note('a', 'Apples\nred and green', 200)) };
    expect(offered('ap')).toEqual(['Apples', 'Apricots']);
    state = { ...state, notes: state.notes.set('b', note('b', 'Aprons', 300)) };
    expect(offered('ap')).toEqual(['Apples', 'Aprons']);
    state = { ...state, sortedNoteIds: ['b', 'a'] };
    expect(offered('')).toEqual(['Aprons', 'Apples']);
  });

  it('puts a title typed whole first, however many titles start with it', () => {
    const alike = Array.from({ length: 1500 }, (_, i) => note(`n${i}`, `Note 99, part ${i}`));
    const links = new NoteLinks(() => stateOf([...alike, note('whole', 'Note 99')]));
    expect(links.titles('note 99', 3)[0]).toEqual({ id: 'whole', title: 'Note 99' });
  });
});
