import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { NoteChangesResponse } from '../../shared/note-changes.js';
import { NoteRequestError } from '../api/api-errors.js';
import { NetworkError } from '../api/http-client.js';
import { MISSING_CREDENTIALS } from '../session/credentials.js';
import { append, note, setup, useFakeClockQuietly } from './app-controller-harness.js';
import { CREATE_KEPT, DELETED_UNSENT } from './notes-controller.js';
import { UNDO_NOTICE_MS } from './notices.js';

/** The fake server's next create is answered only when the returned function is called. */
function holdNextCreate(api: ReturnType<typeof setup>['api']): () => void {
  let answer = () => {};
  const answered = new Promise<void>((resolve) => {
    answer = resolve;
  });
  const create = api.createNote.getMockImplementation()!;
  api.createNote.mockImplementationOnce(async (token, id) => {
    await answered;
    return create(token, id);
  });
  return answer;
}

describe('AppController', () => {
  useFakeClockQuietly();

  it('starts logged out without a stored token', async () => {
    const { controller, state, api } = setup();
    await controller.start();
    expect(state()).toMatchObject({ startup: 'done', token: '' });
    expect(api.checkToken).not.toHaveBeenCalled();
  });

  it('removes a stored token the server rejects', async () => {
    const { controller, state, api, storedToken } = setup('old');
    api.checkToken.mockResolvedValueOnce({ valid: false } as never);
    await controller.start();
    expect(state()).toMatchObject({ startup: 'done', token: '' });
    expect(storedToken()).toBe('');
  });

  it('accepts a valid stored token, fetches notes in server order and goes live', async () => {
    const { controller, state, handlers } = setup('good');
    await controller.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(state()).toMatchObject({ token: 'good', email: 'Me@Example.org', selectedNoteId: null });
    expect(state().sortedNoteIds).toEqual(['a', 'b']);
    expect(handlers()).toBeDefined();
  });

  it('keeps the token and retries while the server cannot be reached', async () => {
    const { controller, state, api, storedToken } = setup('good');
    api.checkToken.mockRejectedValueOnce(new NetworkError(new TypeError('down')));
    await controller.start();
    expect(state().startup).toBe('unreachable');
    expect(storedToken()).toBe('good');
    await vi.advanceTimersByTimeAsync(2_000);
    expect(state()).toMatchObject({ startup: 'done', token: 'good' });
  });

  it('raises the missing-credentials error before calling the server', async () => {
    const { controller, api } = setup();
    await expect(controller.logIn('', 'pw')).rejects.toThrow(MISSING_CREDENTIALS);
    expect(api.logIn).not.toHaveBeenCalled();
  });

  it('logs in, stores the token and fetches notes', async () => {
    const { controller, state, storedToken, api } = setup();
    await controller.logIn('me@example.org', 'secret-pw');
    expect(storedToken()).toBe('new-token');
    expect(state().token).toBe('new-token');
    await vi.advanceTimersByTimeAsync(0);
    expect(api.fetchNoteList).toHaveBeenCalledWith('new-token', null, expect.any(Function));
    expect(state().sortedNoteIds).toEqual(['a', 'b']);
  });

  it('makes a new note here at once, first and selected, and then on the server', async () => {
    const { controller, state, server } = setup('t');
    await controller.start();
    await vi.advanceTimersByTimeAsync(0);
    const created = controller.createNote();
    const id = state().selectedNoteId;
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-/);
    expect(state().sortedNoteIds).toEqual([id, 'a', 'b']);
    expect(state().notes.get(id!)?.body).toBe('');
    await created;
    expect(server.notes.get(id!)?.body).toBe('');
  });

  it('saves text typed before the create was answered to the new note, after it', async () => {
    const { controller, state, api, server } = setup('t');
    await controller.start();
    await vi.advanceTimersByTimeAsync(0);
    const answer = holdNextCreate(api);
    void controller.createNote();
    const id = state().selectedNoteId!;
    controller.editNote(id, 'F');
    controller.editNote(id, 'First words');
    await vi.advanceTimersByTimeAsync(0);
    expect(api.updateNote).not.toHaveBeenCalled();
    answer();
    await vi.advanceTimersByTimeAsync(0);
    expect(api.createNote).toHaveBeenCalledTimes(1);
    expect(api.updateNote).toHaveBeenLastCalledWith('t', expect.objectContaining({ id }));
    expect(server.notes.get(id)?.body).toBe('First words');
    expect(server.notes.get('a')?.body).toBe('Alpha');
    expect(state().drafts).toEqual({});
  });

  it('creates a note with its first text, shown at once and saved after the create', async () => {
    const { controller, state, api, server } = setup('t');
    await controller.start();
    await vi.advanceTimersByTimeAsync(0);
    const answer = holdNextCreate(api);
    void controller.createNote('# Garden plans\n');
    const id = state().selectedNoteId!;
    expect(state().drafts[id]).toBe('# Garden plans\n');
    answer();
    await vi.advanceTimersByTimeAsync(0);
    expect(server.notes.get(id)?.body).toBe('# Garden plans\n');
    expect(state().drafts).toEqual({});
  });

  it('deletes on the server a note whose create was still on its way', async () => {
    const { controller, state, server, api } = setup('t');
    await controller.start();
    await vi.advanceTimersByTimeAsync(0);
    const answer = holdNextCreate(api);
    void controller.createNote();
    const id = state().selectedNoteId!;
    await vi.advanceTimersByTimeAsync(0);
    expect(api.createNote).toHaveBeenCalledTimes(1);
    const deleted = controller.deleteNote(id);
    answer();
    await deleted;
    expect(server.notes.has(id)).toBe(false);
    expect(server.trash.has(id)).toBe(true);
    expect(state().notes.has(id)).toBe(false);
  });

  it('keeps a new note the server refused for now, and logs out on 401', async () => {
    const { controller, state, api, server } = setup('t');
    await controller.start();
    api.createNote.mockRejectedValueOnce(new NoteRequestError(500));
    await controller.createNote();
    expect(state().notice?.text).toBe(CREATE_KEPT);
    // The note stays, and its create goes with its first save.
    const kept = state().selectedNoteId!;
    controller.editNote(kept, 'Kept');
    await vi.advanceTimersByTimeAsync(0);
    expect(server.notes.get(kept)?.body).toBe('Kept');
    api.createNote.mockRejectedValueOnce(new NoteRequestError(401));
    await controller.createNote();
    expect(state().token).toBe('');
  });

  it('deletes a note and clears its selection', async () => {
    const { controller, state, api } = setup('t');
    await controller.start();
    await vi.advanceTimersByTimeAsync(0);
    controller.selectNote('a');
    await controller.deleteNote('a');
    expect(api.deleteNote).toHaveBeenCalledWith('t', 'a');
    expect(state().sortedNoteIds).toEqual(['b']);
    expect(state().selectedNoteId).toBeNull();
  });

  it('offers "Undo" after a delete for a while, which brings the note back where it was', async () => {
    const { controller, state, server, handlers } = setup('t');
    await controller.start();
    await vi.advanceTimersByTimeAsync(0);
    handlers().onUpdate(note('c', 'Gamma', 20));
    expect(state().sortedNoteIds).toEqual(['c', 'a', 'b']);
    controller.selectNote('a');
    await controller.deleteNote('a');
    expect(state().notice).toMatchObject({
      text: 'Moved to Trash',
      undo: { kind: 'delete', noteId: 'a' },
    });
    await controller.undoDelete('a');
    expect(server.notes.has('a')).toBe(true);
    expect(state().sortedNoteIds).toEqual(['c', 'a', 'b']);
    expect(state().selectedNoteId).toBe('a');

    await controller.deleteNote('b');
    await vi.advanceTimersByTimeAsync(UNDO_NOTICE_MS);
    expect(state().notice).toBeNull();
  });

  it('offers "Undo" after a delete made offline, which takes the delete back on the device', async () => {
    const { controller, state, server, api, handlers } = setup('t');
    await controller.start();
    await vi.advanceTimersByTimeAsync(0);
    controller.selectNote('b');
    api.deleteNote.mockRejectedValueOnce(new NetworkError(new TypeError('offline')));
    await controller.deleteNote('b');
    expect(state().sortedNoteIds).toEqual(['a']);
    expect(state().notice).toMatchObject({
      text: 'Moved to Trash',
      undo: { kind: 'delete', noteId: 'b' },
    });
    await controller.undoDelete('b');
    expect(state().sortedNoteIds).toEqual(['a', 'b']);
    expect(state().selectedNoteId).toBe('b');
    expect(api.restoreFromTrash).not.toHaveBeenCalled();
    // Back online, nothing of the delete is sent.
    handlers().onReady();
    await vi.advanceTimersByTimeAsync(0);
    expect(api.deleteNote).toHaveBeenCalledTimes(1);
    expect(server.notes.has('b')).toBe(true);
    expect(state().sortedNoteIds).toEqual(['a', 'b']);
  });

  it('offers "Undo" after deleting a note the server never had, which makes it again', async () => {
    const { controller, state, server, api, handlers } = setup('t');
    await controller.start();
    await vi.advanceTimersByTimeAsync(0);
    api.createNote.mockRejectedValueOnce(new NetworkError(new TypeError('offline')));
    await controller.createNote();
    const id = state().selectedNoteId!;
    await controller.deleteNote(id);
    expect(state().sortedNoteIds).toEqual(['a', 'b']);
    expect(state().notice).toMatchObject({
      text: DELETED_UNSENT,
      undo: { kind: 'delete', noteId: id },
    });
    api.createNote.mockRejectedValueOnce(new NetworkError(new TypeError('offline')));
    await controller.undoDelete(id);
    expect(state().sortedNoteIds).toEqual([id, 'a', 'b']);
    expect(state().selectedNoteId).toBe(id);
    handlers().onReady();
    await vi.advanceTimersByTimeAsync(0);
    expect(server.notes.has(id)).toBe(true);
    expect(api.deleteNote).not.toHaveBeenCalled();
  });

  it('saves what is typed into a note, with the whole note, from the revision it was typed on', async () => {
    const { controller, state, api } = setup('t');
    await controller.start();
    await vi.advanceTimersByTimeAsync(0);
    await append(controller, 'b', '!');
    expect(state().drafts).toEqual({ b: 'Beta!' });
    await vi.advanceTimersByTimeAsync(0);
    expect(api.updateNote).toHaveBeenCalledTimes(1);
    // The whole note (docs/api.md#routes), with the new body, and the document's update.
    expect(api.updateNote).toHaveBeenCalledWith('t', {
      ...note('b', 'Beta!', 10),
      sync: { update: expect.any(String), vector: expect.any(String) },
    });
    expect(state().drafts).toEqual({});
    expect(state().notes.get('b')).toMatchObject({ body: 'Beta!', revision: 11 });
    expect(state().sortedNoteIds[0]).toBe('b');
    expect(state().saveStatus).toBe('saved');
  });

  it('applies newer live updates and deletes, and ignores versions it has already seen', async () => {
    const { controller, state, handlers } = setup('t');
    await controller.start();
    await vi.advanceTimersByTimeAsync(0);
    handlers().onUpdate(note('b', 'from elsewhere', 50));
    expect(state().sortedNoteIds).toEqual(['b', 'a']);
    handlers().onUpdate(note('b', 'late echo', 49));
    expect(state().notes.get('b')?.body).toBe('from elsewhere');
    handlers().onDelete('b');
    expect(state().sortedNoteIds).toEqual(['a']);
  });

  it('takes a genuine remote edit even when it equals a text sent before (path g)', async () => {
    const { controller, state, handlers, server } = setup('t');
    await controller.start();
    await vi.advanceTimersByTimeAsync(0);
    await append(controller, 'a', '!');
    await vi.advanceTimersByTimeAsync(0);
    expect(state().notes.get('a')).toMatchObject({ body: 'Alpha!', revision: 11 });
    const removed = server.editElsewhere('a', (text) => text.delete(5, 1));
    handlers().onUpdate(removed.note, removed.update);
    expect(state().notes.get('a')?.body).toBe('Alpha');
    expect(controller.documentOf('a')?.body).toBe('Alpha');
  });

  it('asks only for what changed since its list when the live socket is ready again', async () => {
    const { controller, api, handlers } = setup('t');
    await controller.start();
    handlers().onReady();
    await vi.advanceTimersByTimeAsync(0);
    expect(api.fetchNoteList).toHaveBeenCalledTimes(1);
    expect(api.fetchNoteChanges).toHaveBeenCalledWith('t', 'cursor-2');
  });

  it('logs out when the socket rejects the token', async () => {
    const { controller, state, handlers, storedToken } = setup('t');
    await controller.start();
    handlers().onUnauthorized();
    expect(state().token).toBe('');
    expect(storedToken()).toBe('');
  });

  it('logs out: revokes the session, closes the socket, clears everything', async () => {
    const { controller, state, api, live, storedToken } = setup('t');
    await controller.start();
    await vi.advanceTimersByTimeAsync(0);
    await controller.logOut();
    expect(api.logOut).toHaveBeenCalledWith('t');
    expect(live.stop).toHaveBeenCalled();
    expect(storedToken()).toBe('');
    expect(state()).toMatchObject({ token: '', sortedNoteIds: [], selectedNoteId: null });
  });
});

describe('AppController: refetch racing a save', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('does not let changes read before a save undo the saved text', async () => {
    const { controller, state, api, handlers } = setup('t');
    await controller.start();
    await vi.advanceTimersByTimeAsync(0);
    let answerChanges: (changes: NoteChangesResponse) => void = () => {};
    api.fetchNoteChanges.mockImplementationOnce(
      () => new Promise<NoteChangesResponse>((resolve) => (answerChanges = resolve)),
    );
    handlers().onReady();
    await append(controller, 'a', ' edited');
    await vi.advanceTimersByTimeAsync(0);
    expect(state().notes.get('a')?.body).toBe('Alpha edited');
    answerChanges({ results: [note('a', 'Alpha'), note('b', 'Beta')], deleted: [], cursor: 'c' });
    await vi.advanceTimersByTimeAsync(0);
    expect(state().notes.get('a')?.body).toBe('Alpha edited');
  });
});
