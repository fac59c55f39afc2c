import { describe, expect, it } from 'vitest';
import type { Note } from '../../shared/note.js';
import { initialAppState } from './app-state.js';
import { selectTagCounts, selectTagFilterShown, selectVisibleNoteIds } from './find-selectors.js';
import { appReducer } from './reducer.js';

const note = (id: string, body: string): Note => ({
  id,
  body,
  timeCreated: 1,
  timeLastModified: 1,
  revision: 1,
});

const loaded = appReducer(
  { ...initialAppState, token: 't' },
  {
    type: 'notesLoaded',
    notes: [note('a', 'A #work'), note('b', 'B #home #work'), note('c', 'C')],
  },
);

describe('finding notes in the state', () => {
  it('counts tags and filters the list by one, in sortedNoteIds order', () => {
    expect(selectTagCounts(loaded)).toEqual([
      { tag: 'home', shown: 'home', count: 1 },
      { tag: 'work', shown: 'work', count: 2 },
    ]);
    const filtered = appReducer(loaded, { type: 'tagFiltered', tag: 'work' });
    expect(selectVisibleNoteIds(filtered)).toEqual(['a', 'b']);
    expect(selectVisibleNoteIds(filtered)).toBe(selectVisibleNoteIds(filtered));
  });

  it('counts a nested tag under its parents, in tree order, and a parent filters its children too', () => {
    const nested = appReducer(
      { ...initialAppState, token: 't' },
      {
        type: 'notesLoaded',
        notes: [
          note('a', 'A #projects/office #projects/home'),
          note('b', 'B #projects'),
          note('c', 'C #projects/office/q1'),
          note('d', 'D #projectsx #p'),
        ],
      },
    );
    expect(selectTagCounts(nested)).toEqual([
      { tag: 'p', shown: 'p', count: 1 },
      { tag: 'projects', shown: 'projects', count: 3 },
      { tag: 'projects/home', shown: 'projects/home', count: 1 },
      { tag: 'projects/office', shown: 'projects/office', count: 2 },
      { tag: 'projects/office/q1', shown: 'projects/office/q1', count: 1 },
      { tag: 'projectsx', shown: 'projectsx', count: 1 },
    ]);
    const filter = (tag: string) =>
      selectVisibleNoteIds(appReducer(nested, { type: 'tagFiltered', tag }));
    expect(filter('projects')).toEqual(['a', 'b', 'c']);
    expect(filter('projects/office')).toEqual(['a', 'c']);
    expect(filter('projects/office/q1')).toEqual(['c']);
  });

  it('follows tag counts through edits and deletes, and keeps the same answer when tags stay', () => {
    const edited = appReducer(loaded, {
      type: 'noteUpdated',
      note: { ...note('c', 'C #home #new'), revision: 2 },
    });
    expect(selectTagCounts(edited)).toEqual([
      { tag: 'home', shown: 'home', count: 2 },
      { tag: 'new', shown: 'new', count: 1 },
      { tag: 'work', shown: 'work', count: 2 },
    ]);
    const deleted = appReducer(edited, { type: 'noteDeleted', id: 'b' });
    expect(selectTagCounts(deleted)).toEqual([
      { tag: 'home', shown: 'home', count: 1 },
      { tag: 'new', shown: 'new', count: 1 },
      { tag: 'work', shown: 'work', count: 1 },
    ]);
    const retyped = appReducer(deleted, {
      type: 'noteUpdated',
      note: { ...note('a', 'A, longer #work'), revision: 2 },
    });
    expect(selectTagCounts(retyped)).toBe(selectTagCounts(deleted));
    // Back to an older state (another store, say): counted from its own notes all the same.
    expect(selectTagCounts(loaded)).toEqual([
      { tag: 'home', shown: 'home', count: 1 },
      { tag: 'work', shown: 'work', count: 2 },
    ]);
  });

  it('shows a tag written two ways equally often the same way, whichever note came first', () => {
    const shown = (notes: ReturnType<typeof note>[]) =>
      selectTagCounts(
        appReducer({ ...initialAppState, token: 't' }, { type: 'notesLoaded', notes }),
      );
    const expected = [{ tag: 'errands', shown: 'errands', count: 2 }];
    expect(shown([note('a', 'Milk #errands'), note('b', 'Post office #Errands')])).toEqual(
      expected,
    );
    expect(shown([note('a', 'Post office #Errands'), note('b', 'Milk #errands')])).toEqual(
      expected,
    );
  });

  it('shows a tag as the notes write it, counting its other spellings as the same tag', () => {
    const cased = appReducer(
      { ...initialAppState, token: 't' },
      {
        type: 'notesLoaded',
        notes: [
          note('a', 'A #camelCase'),
          note('b', 'B #camelCase #Projects/Office'),
          note('c', 'C #camelcase'),
        ],
      },
    );
    expect(selectTagCounts(cased)).toEqual([
      { tag: 'camelcase', shown: 'camelCase', count: 3 },
      { tag: 'projects', shown: 'Projects', count: 1 },
      { tag: 'projects/office', shown: 'Projects/Office', count: 1 },
    ]);
    const filtered = appReducer(cased, { type: 'tagFiltered', tag: 'camelcase' });
    expect(selectVisibleNoteIds(filtered)).toEqual(['a', 'b', 'c']);
    expect(selectTagFilterShown(filtered)).toBe('camelCase');
  });

  it('shows answered matches best first, drops deleted ones, and restores the list when cleared', () => {
    let state = appReducer(loaded, { type: 'searchTyped', text: 'b' });
    expect(selectVisibleNoteIds(state)).toEqual(['a', 'b', 'c']);
    state = appReducer(state, {
      type: 'searchAnswered',
      text: 'old',
      hits: [{ id: 'a', snippet: '' }],
    });
    expect(state.find.hits).toBeNull(); // an answer to older text is ignored
    state = appReducer(state, {
      type: 'searchAnswered',
      text: 'b',
      hits: [
        { id: 'c', snippet: '' },
        { id: 'b', snippet: '' },
      ],
    });
    expect(selectVisibleNoteIds(state)).toEqual(['c', 'b']);
    state = appReducer(state, { type: 'noteDeleted', id: 'c' });
    expect(selectVisibleNoteIds(state)).toEqual(['b']);
    state = appReducer(state, { type: 'searchTyped', text: '' });
    expect(selectVisibleNoteIds(state)).toEqual(['a', 'b']);
  });
});
