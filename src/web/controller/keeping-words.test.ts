import { describe, expect, it, vi } from 'vitest';
import { NoteRequestError } from '../api/api-errors.js';
import { NetworkError } from '../api/http-client.js';
import { memoryDraftStore } from '../drafts/draft-store.js';
import { note, setup, useFakeClockQuietly } from './app-controller-harness.js';

describe('AppController: never losing a word', () => {
  useFakeClockQuietly();

  it('keeps the list and the drafts when the note list answers non-ok, and asks again (path c)', async () => {
    const { controller, state, api, handlers } = setup('t');
    await controller.start();
    await vi.advanceTimersByTimeAsync(0);
    api.updateNote.mockRejectedValueOnce(new NoteRequestError(502));
    controller.editNote('a', 'Alpha typed');
    api.fetchNoteChanges.mockRejectedValueOnce(new NoteRequestError(502));
    handlers().onReady();
    await vi.advanceTimersByTimeAsync(0);
    expect(state().sortedNoteIds).toEqual(['a', 'b']);
    expect(state().drafts).toEqual({ a: 'Alpha typed' });
    await vi.advanceTimersByTimeAsync(2_000);
    expect(api.fetchNoteChanges).toHaveBeenCalledTimes(2);
    expect(state().notes.get('a')?.body).toBe('Alpha typed');
    expect(state().drafts).toEqual({});
  });

  it('keeps unsaved text through an ended session and saves it at the next log-in (path d)', async () => {
    const { controller, state, api, handlers, drafts } = setup('t');
    await controller.start();
    await vi.advanceTimersByTimeAsync(0);
    api.updateNote.mockRejectedValueOnce(new NoteRequestError(502));
    controller.editNote('a', 'Alpha, before the session ended');
    await vi.advanceTimersByTimeAsync(0);
    handlers().onUnauthorized();
    expect(state().token).toBe('');
    expect(await drafts.load('me@example.org')).toEqual([
      {
        noteId: 'a',
        text: 'Alpha, before the session ended',
        baseRevision: 10,
        edits: [{ at: 5, remove: 0, insert: ', before the session ended' }],
        owner: 'this-tab',
      },
    ]);
    await controller.logIn('ME@example.org', 'secret-pw');
    await vi.advanceTimersByTimeAsync(0);
    expect(api.updateNote).toHaveBeenLastCalledWith('new-token', {
      id: 'a',
      body: 'Alpha, before the session ended',
      revision: 10,
      timeCreated: 1,
      timeLastModified: 10,
      edits: [{ at: 5, remove: 0, insert: ', before the session ended' }],
    });
    expect(state().notes.get('a')?.body).toBe('Alpha, before the session ended');
    expect(await drafts.load('me@example.org')).toEqual([]);
  });

  it('leaves a draft another open tab is writing to that tab', async () => {
    const drafts = memoryDraftStore();
    await drafts.put('me@example.org', {
      noteId: 'a',
      text: 'other tab',
      baseRevision: 10,
      owner: 'open',
    });
    await drafts.put('me@example.org', {
      noteId: 'b',
      text: 'closed tab',
      baseRevision: 10,
      owner: 'shut',
    });
    const { controller, api } = setup('t', drafts, {
      self: 'me',
      alive: async () => new Set(['me', 'open']),
    });
    await controller.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(api.updateNote).toHaveBeenCalledTimes(1);
    expect(api.updateNote).toHaveBeenCalledWith('t', {
      ...note('b', 'closed tab'),
      revision: 10,
    });
  });

  it('restores a note found in the trash to save the words, and says so (path f)', async () => {
    const { controller, state, server, api } = setup('t');
    await controller.start();
    await vi.advanceTimersByTimeAsync(0);
    await api.deleteNote('t', 'a');
    controller.editNote('a', 'Alpha still typing');
    await vi.advanceTimersByTimeAsync(0);
    expect(api.restoreFromTrash).toHaveBeenCalledWith('t', 'a');
    expect(server.notes.get('a')?.body).toBe('Alpha still typing');
    expect(state().sortedNoteIds).toContain('a');
    expect(state().notice?.text).toMatch(/was in the trash/);
  });

  it('brings a note deleted elsewhere straight back while its words are being saved (path f)', async () => {
    const { controller, state, server, api, handlers } = setup('t');
    await controller.start();
    await vi.advanceTimersByTimeAsync(0);
    controller.selectNote('a');
    api.updateNote.mockRejectedValueOnce(new NoteRequestError(null));
    controller.editNote('a', 'Alpha words');
    await vi.advanceTimersByTimeAsync(0);
    await api.deleteNote('other', 'a');
    handlers().onDelete('a');
    await vi.advanceTimersByTimeAsync(0);
    expect(state().sortedNoteIds).toContain('a');
    expect(server.notes.get('a')?.body).toBe('Alpha words');
    expect(state().notice?.text).toMatch(/deleted elsewhere while you were writing/);
  });

  it('saves the words as a new note when theirs is gone for good, and says so', async () => {
    const { controller, state, server, api } = setup('t');
    await controller.start();
    await vi.advanceTimersByTimeAsync(0);
    controller.selectNote('b');
    await api.deleteNote('t', 'b');
    await api.purgeFromTrash('t', 'b');
    controller.editNote('b', 'Beta, kept');
    await vi.advanceTimersByTimeAsync(0);
    expect(server.notes.get('n1')?.body).toBe('Beta, kept');
    expect(state().sortedNoteIds).toEqual(['n1', 'a']);
    expect(state().selectedNoteId).toBe('n1');
    expect(state().notice?.text).toMatch(/saved as a new note/);
  });

  it('merges a live update into unsaved text here, keeping both (path a)', async () => {
    const { controller, state, server, api, handlers } = setup('t');
    await controller.start();
    await vi.advanceTimersByTimeAsync(0);
    handlers().onUpdate(note('a', 'One\n\nTwo', 11));
    api.updateNote.mockRejectedValueOnce(new NoteRequestError(503));
    controller.editNote('a', 'One\n\nTwo, mine');
    await vi.advanceTimersByTimeAsync(0);
    // The note and the draft carried onto it change together: one change of the state.
    let changes = 0;
    const unsubscribe = controller.store.subscribe(() => changes++);
    handlers().onUpdate(note('a', 'One, theirs\n\nTwo', 12));
    unsubscribe();
    expect(changes).toBe(1);
    expect(state().drafts.a).toBe('One, theirs\n\nTwo, mine');
    server.notes.set('a', note('a', 'One, theirs\n\nTwo', 12));
    await vi.advanceTimersByTimeAsync(1_000);
    expect(api.updateNote).toHaveBeenLastCalledWith('t', {
      id: 'a',
      body: 'One, theirs\n\nTwo, mine',
      revision: 12,
      timeCreated: 1,
      timeLastModified: 12,
      edits: [{ at: 16, remove: 0, insert: ', mine' }],
    });
    expect(state().drafts).toEqual({});
    expect(state().notes.get('a')?.body).toBe('One, theirs\n\nTwo, mine');
  });

  it('merges a newer version found by a refetch into unsaved text here (path b)', async () => {
    const { controller, state, server, api, handlers } = setup('t');
    await controller.start();
    await vi.advanceTimersByTimeAsync(0);
    handlers().onUpdate(note('b', 'One\n\nTwo', 11));
    api.updateNote.mockRejectedValue(new NetworkError(new TypeError('offline')));
    controller.editNote('b', 'One\n\nTwo, offline');
    await vi.advanceTimersByTimeAsync(0);
    server.notes.set('b', note('b', 'One, elsewhere\n\nTwo', 12));
    handlers().onReady();
    await vi.advanceTimersByTimeAsync(0);
    expect(state().drafts.b).toBe('One, elsewhere\n\nTwo, offline');
    expect(api.updateNote).toHaveBeenLastCalledWith('t', {
      id: 'b',
      body: 'One, elsewhere\n\nTwo, offline',
      revision: 12,
      timeCreated: 1,
      timeLastModified: 12,
      edits: [{ at: 19, remove: 0, insert: ', offline' }],
    });
  });

  it('offers the set-aside text after a save that merged over another device', async () => {
    const { controller, state, api } = setup('t');
    await controller.start();
    await vi.advanceTimersByTimeAsync(0);
    api.updateNote.mockResolvedValueOnce({
      note: note('a', 'Alpha mine', 12),
      conflictRevision: 11,
    });
    controller.editNote('a', 'Alpha mine');
    await vi.advanceTimersByTimeAsync(0);
    expect(state().notice).toMatchObject({
      text: 'Merged with changes from another device.',
      link: { noteId: 'a', revision: 11 },
    });
    controller.history.open('a', 11);
    expect(state().history).toEqual({ noteId: 'a', revision: 11 });
  });
});
