import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Note } from '../../shared/note.js';
import { NoteRequestError } from '../api/api-errors.js';
import { NetworkError } from '../api/http-client.js';
import type { LiveSocketHandlers } from '../api/live-socket.js';
import type { QuireApi } from '../api/quire-api.js';
import { MISSING_CREDENTIALS } from '../session/credentials.js';
import { AppController } from './app-controller.js';

const note = (id: string, body = '', modified = 10): Note => ({
  id,
  body,
  timeCreated: 1,
  timeLastModified: modified,
});

function setup(stored = '') {
  let storedToken = stored;
  let clock = 100;
  const api = {
    checkToken: vi.fn(async () => ({ valid: true as const, email: 'me@example.org' })),
    logIn: vi.fn(async () => 'new-token'),
    signUp: vi.fn(async () => 'signup-token'),
    logOut: vi.fn(async () => {}),
    fetchSignupOpen: vi.fn(async () => false),
    fetchNotes: vi.fn(async () => [note('a', 'Alpha'), note('b', 'Beta')]),
    createNote: vi.fn(async () => note('n')),
    updateNote: vi.fn(async (_token: string, sent: Note) => ({
      ...sent,
      timeLastModified: clock++,
    })),
    deleteNote: vi.fn(async () => {}),
  } satisfies QuireApi;
  const live = { stop: vi.fn(), reconnectNow: vi.fn(), handlers: undefined as unknown };
  const tokenStorage = {
    read: () => storedToken,
    write: (token: string) => {
      storedToken = token;
    },
    clear: () => {
      storedToken = '';
    },
  };
  const controller = new AppController({
    api,
    tokenStorage,
    connectLive: (_token, handlers) => {
      live.handlers = handlers;
      return live;
    },
  });
  const state = () => controller.store.getState();
  const handlers = () => live.handlers as LiveSocketHandlers;
  return { api, live, controller, state, handlers, storedToken: () => storedToken };
}

describe('AppController', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

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
    expect(state()).toMatchObject({ token: 'good', email: 'me@example.org', selectedNoteId: null });
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
    expect(api.fetchNotes).toHaveBeenCalledWith('new-token');
    expect(state().sortedNoteIds).toEqual(['a', 'b']);
  });

  it('creates a note at the front and selects it', async () => {
    const { controller, state } = setup('t');
    await controller.start();
    await vi.advanceTimersByTimeAsync(0);
    await controller.createNote();
    expect(state().sortedNoteIds).toEqual(['n', 'a', 'b']);
    expect(state().selectedNoteId).toBe('n');
  });

  it('shows a notice when creating fails, and logs out on 401', async () => {
    const { controller, state, api } = setup('t');
    await controller.start();
    api.createNote.mockRejectedValueOnce(new NoteRequestError(500));
    await controller.createNote();
    expect(state().notice?.text).toMatch(/Could not create a note/);
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

  it('saves edits that differ from the stored body with the whole note', async () => {
    const { controller, state, api } = setup('t');
    await controller.start();
    await vi.advanceTimersByTimeAsync(0);
    controller.editNote('b', 'Beta');
    expect(api.updateNote).not.toHaveBeenCalled();
    controller.editNote('b', 'Beta!');
    expect(state().drafts).toEqual({ b: 'Beta!' });
    expect(api.updateNote).toHaveBeenCalledWith('t', { ...note('b'), body: 'Beta!' });
    await vi.advanceTimersByTimeAsync(0);
    expect(state().drafts).toEqual({});
    expect(state().notes.b?.body).toBe('Beta!');
    expect(state().sortedNoteIds[0]).toBe('b');
    expect(state().saveStatus).toBe('saved');
  });

  it('applies live updates and deletes, but not a late echo of replaced text', async () => {
    const { controller, state, handlers } = setup('t');
    await controller.start();
    await vi.advanceTimersByTimeAsync(0);
    handlers().onUpdate(note('b', 'from elsewhere', 50));
    expect(state().sortedNoteIds).toEqual(['b', 'a']);
    controller.editNote('a', 'A1');
    await vi.advanceTimersByTimeAsync(0);
    controller.editNote('a', 'A12');
    await vi.advanceTimersByTimeAsync(0);
    handlers().onUpdate(note('a', 'A1', 9999));
    expect(state().notes.a?.body).toBe('A12');
    handlers().onDelete('b');
    expect(state().sortedNoteIds).toEqual(['a']);
  });

  it('refetches notes when the live socket is ready again', async () => {
    const { controller, api, handlers } = setup('t');
    await controller.start();
    handlers().onReady();
    await vi.advanceTimersByTimeAsync(0);
    expect(api.fetchNotes).toHaveBeenCalledTimes(2);
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

  it('does not let a list read before a save undo the saved text', async () => {
    const { controller, state, api, handlers } = setup('t');
    await controller.start();
    await vi.advanceTimersByTimeAsync(0);
    let answerList: (notes: Note[]) => void = () => {};
    api.fetchNotes.mockImplementationOnce(
      () => new Promise<Note[]>((resolve) => (answerList = resolve)),
    );
    handlers().onReady();
    controller.editNote('a', 'Alpha edited');
    await vi.advanceTimersByTimeAsync(0);
    expect(state().notes.a?.body).toBe('Alpha edited');
    answerList([note('a', 'Alpha'), note('b', 'Beta')]);
    await vi.advanceTimersByTimeAsync(0);
    expect(state().notes.a?.body).toBe('Alpha edited');
  });
});
