import { describe, expect, it } from 'vitest';
import type { Note } from '../../shared/note.js';
import type { AppAction } from './actions.js';
import { type AppState, initialAppState } from './app-state.js';
import { appReducer } from './reducer.js';

function note(id: string, body = '', modified = 100): Note {
  return { id, body, timeCreated: 50, timeLastModified: modified, revision: modified };
}

const loggedIn: AppState = { ...initialAppState, startup: 'done', token: 't0k3n', email: 'a@b.c' };

function run(state: AppState, ...actions: AppAction[]): AppState {
  return actions.reduce(appReducer, state);
}

function withNotes(...notes: Note[]): AppState {
  return run(loggedIn, { type: 'notesLoaded', notes });
}

describe('appReducer', () => {
  it('starts logged out, with nothing selected and the menu closed', () => {
    expect(initialAppState).toMatchObject({
      token: '',
      startup: 'checking',
      sortedNoteIds: [],
      selectedNoteId: null,
      isMenuOpen: false,
    });
  });

  it('finishes start-up, or notes that the server is unreachable', () => {
    expect(run(initialAppState, { type: 'startupUnreachable' }).startup).toBe('unreachable');
    expect(run(initialAppState, { type: 'startupFinished' }).startup).toBe('done');
  });

  it('logs in with a token and an empty note state', () => {
    const state = run(initialAppState, { type: 'loggedIn', token: 'abc', email: 'me@x.org' });
    expect(state).toMatchObject({ token: 'abc', email: 'me@x.org', startup: 'done' });
    expect(state.notesLoaded).toBe(false);
  });

  it('loads notes in server order with nothing selected', () => {
    const state = withNotes(note('b'), note('a'), note('c'));
    expect(state.sortedNoteIds).toEqual(['b', 'a', 'c']);
    expect([...state.notes.keys()].sort()).toEqual(['a', 'b', 'c']);
    expect(state.selectedNoteId).toBeNull();
    expect(state.notesLoaded).toBe(true);
  });

  it('replaces everything on a reload and keeps the selection only if the note still exists', () => {
    const selected = run(withNotes(note('a'), note('b')), { type: 'noteSelected', id: 'b' });
    const kept = run(selected, {
      type: 'notesLoaded',
      notes: [note('b', 'new', 101), note('c')],
    });
    expect(kept.sortedNoteIds).toEqual(['b', 'c']);
    expect(kept.notes.get('a')).toBeUndefined();
    expect(kept.notes.get('b')?.body).toBe('new');
    expect(kept.selectedNoteId).toBe('b');
    const cleared = run(selected, { type: 'notesLoaded', notes: [note('c')] });
    expect(cleared.selectedNoteId).toBeNull();
  });

  it('adds a created note to the front and selects it', () => {
    const state = run(withNotes(note('a')), { type: 'noteCreated', note: note('n') });
    expect(state.sortedNoteIds).toEqual(['n', 'a']);
    expect(state.selectedNoteId).toBe('n');
    expect(state.notes.get('n')?.body).toBe('');
  });

  it('does not list a created note twice when its live event came first', () => {
    const state = run(
      withNotes(note('a')),
      { type: 'noteUpdated', note: note('n') },
      { type: 'noteCreated', note: note('n') },
    );
    expect(state.sortedNoteIds).toEqual(['n', 'a']);
  });

  it('replaces an updated note and moves it to the front', () => {
    const state = run(withNotes(note('a'), note('b'), note('c')), {
      type: 'noteUpdated',
      note: note('c', 'changed', 200),
    });
    expect(state.sortedNoteIds).toEqual(['c', 'a', 'b']);
    expect(state.notes.get('c')?.body).toBe('changed');
  });

  it('inserts an updated note it did not know yet', () => {
    const state = run(withNotes(note('a')), { type: 'noteUpdated', note: note('z', 'elsewhere') });
    expect(state.sortedNoteIds).toEqual(['z', 'a']);
    expect(state.notes.get('z')?.body).toBe('elsewhere');
  });

  it('takes several updates at once as it takes them one by one', () => {
    const before = withNotes(note('a', 'new', 300), note('b'));
    const updates = [note('c', 'first'), note('a', 'old', 200), note('b', 'changed', 200)];
    const together = run(before, { type: 'notesUpdated', notes: updates });
    const oneByOne = run(
      before,
      ...updates.map((n) => ({ type: 'noteUpdated' as const, note: n })),
    );
    // c, unknown here and modified with b, goes by its time; b, updated, to the front.
    expect(together.sortedNoteIds).toEqual(['b', 'a', 'c']);
    expect(together.sortedNoteIds).toEqual(oneByOne.sortedNoteIds);
    expect([...together.notes.values()]).toEqual([...oneByOne.notes.values()]);
  });

  it('ignores an update that is not newer than the revision it holds', () => {
    const before = withNotes(note('a', 'new', 300), note('b'));
    expect(run(before, { type: 'noteUpdated', note: note('a', 'old', 200) })).toBe(before);
    expect(run(before, { type: 'noteUpdated', note: note('a', 'same', 300) })).toBe(before);
  });

  it('takes a newer revision even when its text was seen before (another device undid a change)', () => {
    const state = run(
      withNotes(note('a', 'ab', 2)),
      { type: 'noteUpdated', note: note('a', 'abc', 3) },
      { type: 'noteUpdated', note: note('a', 'ab', 4) },
    );
    expect(state.notes.get('a')?.body).toBe('ab');
  });

  it('removes a deleted note from the map and list and clears its selection', () => {
    const selected = run(withNotes(note('a'), note('b')), { type: 'noteSelected', id: 'a' });
    const state = run(selected, { type: 'noteDeleted', id: 'a' });
    expect(state.sortedNoteIds).toEqual(['b']);
    expect(state.notes.get('a')).toBeUndefined();
    expect(state.selectedNoteId).toBeNull();
  });

  it('keeps the selection when another note is deleted', () => {
    const selected = run(withNotes(note('a'), note('b')), { type: 'noteSelected', id: 'a' });
    expect(run(selected, { type: 'noteDeleted', id: 'b' }).selectedNoteId).toBe('a');
  });

  it('never brings a deleted note back through a late update or reload of its old version', () => {
    const state = run(
      withNotes(note('a', 'x', 5), note('b')),
      { type: 'noteDeleted', id: 'a' },
      { type: 'noteUpdated', note: note('a', 'late', 5) },
      { type: 'notesLoaded', notes: [note('a', 'x', 4), note('b')] },
    );
    expect(state.sortedNoteIds).toEqual(['b']);
    expect(state.notes.get('a')).toBeUndefined();
  });

  it('lists a deleted note again once a newer version of it arrives (restored elsewhere)', () => {
    const state = run(
      withNotes(note('a', 'x', 5)),
      { type: 'noteDeleted', id: 'a' },
      { type: 'noteUpdated', note: note('a', 'back', 6) },
    );
    expect(state.sortedNoteIds).toEqual(['a']);
  });

  it('lists a note restored here from the trash, whatever its revision', () => {
    const state = run(
      withNotes(note('b', '', 300), note('a', 'x', 200)),
      { type: 'noteDeleted', id: 'a' },
      { type: 'noteRestored', note: note('a', 'x', 200) },
    );
    expect(state.sortedNoteIds).toEqual(['b', 'a']);
    expect(state.removedRevisions).toEqual({});
  });

  it('puts a note back from the trash where its modified time places it, not at the top', () => {
    const deleted = run(withNotes(note('a', '', 300), note('b', '', 200), note('c', '', 100)), {
      type: 'noteDeleted',
      id: 'b',
    });
    const back = { ...note('b', '', 200), revision: 202 };
    expect(run(deleted, { type: 'noteUpdated', note: back }).sortedNoteIds).toEqual([
      'a',
      'b',
      'c',
    ]);
    expect(run(deleted, { type: 'noteRestored', note: back }).sortedNoteIds).toEqual([
      'a',
      'b',
      'c',
    ]);
    // One made here goes to the top even when this device's clock is behind the server's.
    const made = run(deleted, { type: 'noteCreated', note: note('n', '', 50) });
    expect(made.sortedNoteIds).toEqual(['n', 'a', 'c']);
  });

  it('puts a note back where it stood when its delete is undone, open again if it was', () => {
    const deleted = run(
      withNotes(note('a'), note('b', 'x', 5), note('c')),
      { type: 'noteSelected', id: 'b' },
      { type: 'noteDeleted', id: 'b' },
    );
    const undone = run(deleted, {
      type: 'deleteUndone',
      note: note('b', 'x', 6),
      index: 1,
      selected: true,
    });
    expect(undone.sortedNoteIds).toEqual(['a', 'b', 'c']);
    expect(undone.selectedNoteId).toBe('b');
    // Its live echo may come first; the note still goes back to its place.
    const echoed = run(
      deleted,
      { type: 'noteUpdated', note: note('b', 'x', 6) },
      { type: 'deleteUndone', note: note('b', 'x', 6), index: 1, selected: false },
    );
    expect(echoed.sortedNoteIds).toEqual(['a', 'b', 'c']);
    expect(echoed.selectedNoteId).toBeNull();
  });

  it('puts a note saved anew in the place and selection of the one that was gone', () => {
    const state = run(
      withNotes(note('a'), note('gone', 'words', 3)),
      { type: 'noteSelected', id: 'gone' },
      { type: 'noteReplaced', id: 'gone', note: note('new', 'words more', 1) },
    );
    expect(state.sortedNoteIds).toEqual(['new', 'a']);
    expect(state.selectedNoteId).toBe('new');
    expect(state.notes.get('gone')).toBeUndefined();
  });

  it('selects a known note and ignores an unknown id', () => {
    const state = withNotes(note('a'));
    expect(run(state, { type: 'noteSelected', id: 'a' }).selectedNoteId).toBe('a');
    expect(run(state, { type: 'noteSelected', id: 'nope' })).toBe(state);
  });

  it('goes back to the list by clearing the selection', () => {
    const state = run(
      withNotes(note('a')),
      { type: 'noteSelected', id: 'a' },
      { type: 'selectionCleared' },
    );
    expect(state.selectedNoteId).toBeNull();
  });

  it('toggles the menu, or sets it open or closed', () => {
    const opened = run(loggedIn, { type: 'menuToggled' });
    expect(opened.isMenuOpen).toBe(true);
    expect(run(opened, { type: 'menuToggled' }).isMenuOpen).toBe(false);
    expect(run(opened, { type: 'menuToggled', open: true }).isMenuOpen).toBe(true);
    expect(run(opened, { type: 'menuToggled', open: false }).isMenuOpen).toBe(false);
  });

  it('holds the unsaved drafts and the save status', () => {
    const state = run(loggedIn, {
      type: 'draftsChanged',
      drafts: { a: 'typed' },
      saveStatus: 'saving',
    });
    expect(state.drafts).toEqual({ a: 'typed' });
    expect(state.saveStatus).toBe('saving');
  });

  it('moves the note typed in to the front with the key itself', () => {
    const listed = withNotes(note('a'), note('b'), note('c'));
    const typed = run(listed, {
      type: 'draftsChanged',
      drafts: { c: 'typed' },
      saveStatus: 'saving',
      edited: 'c',
    });
    expect(typed.sortedNoteIds).toEqual(['c', 'a', 'b']);
    expect(typed.notes).toBe(listed.notes);
    // A status change alone (an answer, a retry) leaves the order, and so does an unknown id.
    const answered = run(typed, { type: 'draftsChanged', drafts: {}, saveStatus: 'saved' });
    expect(answered.sortedNoteIds).toBe(typed.sortedNoteIds);
    const unknown = run(listed, {
      type: 'draftsChanged',
      drafts: { gone: 'x' },
      saveStatus: 'saving',
      edited: 'gone',
    });
    expect(unknown.sortedNoteIds).toBe(listed.sortedNoteIds);
  });

  it('shows a notice and dismisses only that one', () => {
    const shown = run(loggedIn, {
      type: 'noticeShown',
      notice: { id: 2, text: 'oh no', tone: 'error' },
    });
    expect(run(shown, { type: 'noticeDismissed', id: 1 }).notice?.id).toBe(2);
    expect(run(shown, { type: 'noticeDismissed', id: 2 }).notice).toBeNull();
  });

  it('clears everything on log out', () => {
    const busy = run(
      withNotes(note('a')),
      { type: 'noteSelected', id: 'a' },
      { type: 'menuToggled' },
      { type: 'noteDeleted', id: 'a' },
    );
    const state = run(busy, { type: 'loggedOut' });
    expect(state).toEqual({ ...initialAppState, startup: 'done' });
  });
});

describe('appReducer: a reload racing local changes', () => {
  it('keeps newer versions and notes created after the list was requested', () => {
    const before = run(
      withNotes(note('a', 'old a'), note('b', 'old b')),
      { type: 'noteUpdated', note: note('a', 'saved meanwhile', 200) },
      { type: 'noteCreated', note: note('n', 'created meanwhile') },
    );
    const state = run(before, {
      type: 'notesLoaded',
      notes: [note('b', 'new b', 150), note('a', 'old a')],
      createdIds: ['n', 'unknown'],
    });
    expect(state.sortedNoteIds).toEqual(['n', 'b', 'a']);
    expect(state.notes.get('a')?.body).toBe('saved meanwhile');
    expect(state.notes.get('b')?.body).toBe('new b');
    expect(state.notes.get('n')?.body).toBe('created meanwhile');
    expect(state.notes.get('unknown')).toBeUndefined();
    expect(state.selectedNoteId).toBe('n');
  });

  it('lists a created note once when it is named as created twice, and a delete takes it away', () => {
    const before = run(withNotes(note('a')), { type: 'noteCreated', note: note('n') });
    const state = run(before, { type: 'notesLoaded', notes: [note('a')], createdIds: ['n', 'n'] });
    expect(state.sortedNoteIds).toEqual(['n', 'a']);
    expect(run(state, { type: 'noteDeleted', id: 'n' }).sortedNoteIds).toEqual(['a']);
  });
});
