import { describe, expect, it, vi } from 'vitest';
import { NoteRequestError } from '../api/api-errors.js';
import { NetworkError } from '../api/http-client.js';
import { memoryDocumentStore } from '../documents/document-store.js';
import { memoryDraftStore } from '../drafts/draft-store.js';
import { append, note, setup, useFakeClockQuietly } from './app-controller-harness.js';

const ACCOUNT = 'me@example.org';

describe('AppController: never losing a word', () => {
  useFakeClockQuietly();

  it('keeps the list and the typing when the note list answers non-ok, and asks again (path c)', async () => {
    const { controller, state, api, handlers } = setup('t');
    await controller.start();
    await vi.advanceTimersByTimeAsync(0);
    api.updateNote.mockRejectedValueOnce(new NoteRequestError(502));
    await append(controller, 'a', ' typed');
    api.fetchNoteChanges.mockRejectedValueOnce(new NoteRequestError(502));
    handlers().onReady();
    await vi.advanceTimersByTimeAsync(0);
    expect(state().sortedNoteIds).toEqual(['a', 'b']);
    expect(state().drafts.a ?? state().notes.get('a')?.body).toBe('Alpha typed');
    await vi.advanceTimersByTimeAsync(2_000);
    expect(api.fetchNoteChanges).toHaveBeenCalledTimes(2);
    expect(state().notes.get('a')?.body).toBe('Alpha typed');
    expect(state().drafts).toEqual({});
  });

  it('keeps what was typed through an ended session and saves it at the next log-in (path d)', async () => {
    const documents = memoryDocumentStore();
    const { controller, state, api, handlers, server } = setup(
      't',
      undefined,
      undefined,
      documents,
    );
    await controller.start();
    await vi.advanceTimersByTimeAsync(0);
    api.updateNote.mockRejectedValueOnce(new NoteRequestError(502));
    await append(controller, 'a', ', before the session ended');
    await vi.advanceTimersByTimeAsync(0);
    handlers().onUnauthorized();
    expect(state().token).toBe('');
    expect(await documents.notesWithPending(ACCOUNT)).toEqual([
      { noteId: 'a', owners: ['this-tab'] },
    ]);
    await controller.logIn('ME@example.org', 'secret-pw');
    await vi.advanceTimersByTimeAsync(0);
    expect(api.updateNote).toHaveBeenLastCalledWith(
      'new-token',
      expect.objectContaining({ id: 'a', body: 'Alpha, before the session ended' }),
    );
    expect(server.notes.get('a')?.body).toBe('Alpha, before the session ended');
    expect(state().notes.get('a')?.body).toBe('Alpha, before the session ended');
    expect(await documents.notesWithPending(ACCOUNT)).toEqual([]);
  });

  it('leaves what another open tab is saving to that tab', async () => {
    const documents = memoryDocumentStore();
    const { controller } = setup(
      't',
      memoryDraftStore(),
      {
        self: 'me',
        alive: async () => new Set(['me', 'open']),
      },
      documents,
    );
    await controller.start();
    await vi.advanceTimersByTimeAsync(0);
    // Two earlier tabs typed into their documents: one is still open, one was closed.
    for (const [noteId, owner] of [
      ['a', 'open'],
      ['b', 'shut'],
    ] as const) {
      const doc = await controller.openDocument(noteId);
      const typed: Uint8Array[] = [];
      doc?.doc.on('update', (update: Uint8Array) => typed.push(update));
      doc?.doc.transact(() => doc.text.insert(doc.text.length, ` by ${owner}`), 'elsewhere');
      await documents.writeState(ACCOUNT, noteId, doc?.state() as Uint8Array, 10);
      await documents.forget(ACCOUNT, noteId);
      await documents.writeState(ACCOUNT, noteId, doc?.state() as Uint8Array, 10);
      await documents.addPending(ACCOUNT, noteId, typed[0] as Uint8Array, owner);
    }
    const { controller: later, api: laterApi } = setup(
      't',
      memoryDraftStore(),
      {
        self: 'me-again',
        alive: async () => new Set(['me-again', 'open']),
      },
      documents,
    );
    await later.start();
    await vi.advanceTimersByTimeAsync(0);
    const saved = laterApi.updateNote.mock.calls.map(([, edit]) => edit.id);
    expect(saved).toEqual(['b']);
  });

  it('saves text an earlier version kept, once, as text', async () => {
    const drafts = memoryDraftStore();
    await drafts.put(ACCOUNT, {
      noteId: 'b',
      text: 'Beta, from before',
      baseRevision: 10,
      owner: 'gone',
    });
    const { controller, api, server } = setup('t', drafts);
    await controller.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(api.updateNote).toHaveBeenCalledWith(
      't',
      expect.objectContaining({ id: 'b', body: 'Beta, from before', revision: 10 }),
    );
    expect(server.notes.get('b')?.body).toBe('Beta, from before');
    expect(await drafts.load(ACCOUNT)).toEqual([]);
  });

  it('restores a note found in the trash to save the words, and says so (path f)', async () => {
    const { controller, state, server, api } = setup('t');
    await controller.start();
    await vi.advanceTimersByTimeAsync(0);
    await controller.openDocument('a');
    await api.deleteNote('t', 'a');
    await append(controller, 'a', ' still typing');
    await vi.advanceTimersByTimeAsync(0);
    expect(api.restoreFromTrash).toHaveBeenCalledWith('t', 'a');
    expect(server.notes.get('a')?.body).toBe('Alpha still typing');
    expect(state().sortedNoteIds).toContain('a');
    expect(state().notice?.text).toMatch(/was in the trash/);
  });

  it('keeps a note deleted elsewhere open and brings it back while it is being written in (path f)', async () => {
    const { controller, state, server, api, handlers } = setup('t');
    await controller.start();
    await vi.advanceTimersByTimeAsync(0);
    controller.selectNote('a');
    api.updateNote.mockRejectedValueOnce(new NoteRequestError(null));
    await append(controller, 'a', ' words');
    await vi.advanceTimersByTimeAsync(0);
    await api.deleteNote('other', 'a');
    handlers().onDelete('a');
    expect(state().selectedNoteId).toBe('a');
    await append(controller, 'a', ' and more');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(state().sortedNoteIds).toContain('a');
    expect(server.notes.get('a')?.body).toBe('Alpha words and more');
    expect(state().notice?.text).toMatch(/deleted on another device while you were writing/);
  });

  it('lets a note deleted elsewhere go when nothing was typed in it here', async () => {
    const { controller, state, handlers } = setup('t');
    await controller.start();
    await vi.advanceTimersByTimeAsync(0);
    controller.selectNote('a');
    handlers().onDelete('a');
    expect(state().sortedNoteIds).toEqual(['b']);
    expect(state().selectedNoteId).toBeNull();
  });

  it('saves the words as a new note when theirs is gone for good, and says so', async () => {
    const { controller, state, server, api } = setup('t');
    await controller.start();
    await vi.advanceTimersByTimeAsync(0);
    controller.selectNote('b');
    await controller.openDocument('b');
    await api.deleteNote('t', 'b');
    await api.purgeFromTrash('t', 'b');
    await append(controller, 'b', ', kept');
    await vi.advanceTimersByTimeAsync(0);
    expect(server.notes.get('n1')?.body).toBe('Beta, kept');
    expect(state().sortedNoteIds).toEqual(['n1', 'a']);
    expect(state().selectedNoteId).toBe('n1');
    expect(state().notice?.text).toMatch(/saved as a new note/);
  });

  it('takes in a live update beside unsaved typing here, keeping both (path a)', async () => {
    const { controller, state, server, api, handlers } = setup('t');
    await controller.start();
    await vi.advanceTimersByTimeAsync(0);
    const first = server.editElsewhere('a', (text) => text.insert(5, '\n\nTwo'));
    handlers().onUpdate(first.note, first.update);
    api.updateNote.mockRejectedValueOnce(new NoteRequestError(503));
    await append(controller, 'a', ', mine');
    await vi.advanceTimersByTimeAsync(0);
    // The note and the text carried onto it change together: one change of the state.
    let changes = 0;
    const unsubscribe = controller.store.subscribe(() => changes++);
    const theirs = server.editElsewhere('a', (text) => text.insert(5, ', theirs'));
    handlers().onUpdate(theirs.note, theirs.update);
    unsubscribe();
    expect(changes).toBe(1);
    expect(state().drafts.a).toBe('Alpha, theirs\n\nTwo, mine');
    await vi.advanceTimersByTimeAsync(1_000);
    expect(server.notes.get('a')?.body).toBe('Alpha, theirs\n\nTwo, mine');
    expect(state().drafts).toEqual({});
    expect(state().notes.get('a')?.body).toBe('Alpha, theirs\n\nTwo, mine');
  });

  it('takes in a newer version found when the connection comes back (path b)', async () => {
    const { controller, state, server, api, handlers } = setup('t');
    await controller.start();
    await vi.advanceTimersByTimeAsync(0);
    api.updateNote.mockRejectedValue(new NetworkError(new TypeError('offline')));
    await append(controller, 'b', ', offline');
    await vi.advanceTimersByTimeAsync(0);
    server.editElsewhere('b', (text) => text.insert(0, 'Elsewhere: '));
    api.updateNote.mockReset();
    handlers().onReady();
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(0);
    expect(server.notes.get('b')?.body).toBe('Elsewhere: Beta, offline');
    expect(state().notes.get('b')?.body).toBe('Elsewhere: Beta, offline');
  });

  it('types into a note whose document was not here yet, once it arrives', async () => {
    const { controller, server, api } = setup('t');
    await controller.start();
    await vi.advanceTimersByTimeAsync(0);
    api.fetchDocument.mockRejectedValueOnce(new NetworkError(new TypeError('offline')));
    controller.editNote('a', 'Alpha!', [{ at: 5, remove: 0, insert: '!' }]);
    await vi.advanceTimersByTimeAsync(0);
    expect(server.notes.get('a')?.body).toBe('Alpha');
    server.editElsewhere('a', (text) => text.insert(0, 'Re: '));
    controller.connectionRestored();
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(0);
    expect(server.notes.get('a')?.body).toBe('Re: Alpha!');
  });

  it('offers the set-aside text after a save of text that replaced another device’s', async () => {
    const drafts = memoryDraftStore();
    await drafts.put(ACCOUNT, { noteId: 'a', text: 'Alpha mine', baseRevision: 3 });
    const { controller, state, api } = setup('t', drafts);
    api.updateNote.mockResolvedValueOnce({
      note: note('a', 'Alpha mine', 12),
      conflictRevision: 11,
      missing: undefined,
    });
    await controller.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(state().notice).toMatchObject({
      text: 'Merged with changes from another device.',
      link: { noteId: 'a', revision: 11 },
    });
    controller.history.open('a', 11);
    expect(state().history).toEqual({ noteId: 'a', revision: 11 });
  });
});
