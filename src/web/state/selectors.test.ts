import { describe, expect, it } from 'vitest';
import type { Note } from '../../shared/note.js';
import { initialAppState } from './app-state.js';
import { ChunkedMap } from './chunked-map.js';
import { selectEditorText, selectSelectedNote } from './selectors.js';

const note: Note = { id: 'a', body: 'stored', timeCreated: 1, timeLastModified: 2, revision: 1 };
const state = { ...initialAppState, notes: ChunkedMap.from([['a', note]]), sortedNoteIds: ['a'] };

describe('selectors', () => {
  it('finds the selected note, or none', () => {
    expect(selectSelectedNote(state)).toBeUndefined();
    expect(selectSelectedNote({ ...state, selectedNoteId: 'a' })).toBe(note);
    expect(selectSelectedNote({ ...state, selectedNoteId: 'gone' })).toBeUndefined();
  });

  it('shows unsaved text over the stored body', () => {
    expect(selectEditorText(state, note)).toBe('stored');
    expect(selectEditorText({ ...state, drafts: { a: 'typed' } }, note)).toBe('typed');
    expect(selectEditorText({ ...state, drafts: { a: '' } }, note)).toBe('');
  });
});
