import { describe, expect, it, vi } from 'vitest';
import { NoteRequestError } from '../api/api-errors.js';
import type { LiveSocketHandlers } from '../api/live-socket.js';
import { memoryDraftStore } from '../drafts/draft-store.js';
import { memoryOfflineStore, type OfflineStore } from '../offline/offline-store.js';
import { memoryAccountStorage } from '../session/account-storage.js';
import { AppController } from './app-controller.js';
import { note, useFakeClockQuietly } from './app-controller-harness.js';
import { fakeQuireApi } from './fake-quire-api.js';

const ACCOUNT = 'me@example.org';

/** A device (offline store, stored token) that can be started again, over one fake server. */
function device(offlineStore: OfflineStore = memoryOfflineStore()) {
  const server = fakeQuireApi([note('a', 'Alpha', 20), note('b', 'Beta', 10)]);
  const { api } = server;
  const accountStorage = memoryAccountStorage();
  let handlers: LiveSocketHandlers | undefined;
  const start = async () => {
    const controller = new AppController({
      api,
      tokenStorage: { read: () => 't', write: () => {}, clear: () => {} },
      drafts: memoryDraftStore(),
      offlineStore,
      accountStorage,
      connectLive: (_token, live) => {
        handlers = live;
        return { stop: vi.fn(), reconnectNow: vi.fn() };
      },
    });
    await controller.start();
    await vi.advanceTimersByTimeAsync(0);
    return controller;
  };
  const ready = async () => {
    handlers?.onReady();
    await vi.advanceTimersByTimeAsync(0);
  };
  return { server, api, offlineStore, start, ready };
}

const ids = (controller: AppController) => controller.store.getState().sortedNoteIds;

describe('warm start', () => {
  useFakeClockQuietly();

  it('keeps the notes shown when the list is unchanged since the device stored them (304)', async () => {
    const { api, start, offlineStore } = device();
    await start();
    expect(await offlineStore.loadListMark(ACCOUNT)).toEqual({
      etag: '"list-2"',
      cursor: 'cursor-2',
    });
    api.fetchNoteList.mockClear();

    const again = await start();
    expect(api.fetchNoteList).toHaveBeenCalledExactlyOnceWith('t', '"list-2"');
    expect(await api.fetchNoteList.mock.results[0]?.value).toMatchObject({ notes: null });
    expect(ids(again)).toEqual(['a', 'b']);
    expect(again.store.getState().notesLoaded).toBe(true);
    expect(again.store.getState().notes.get('a')).toEqual(note('a', 'Alpha', 20));
  });

  it('takes the whole list when something changed since', async () => {
    const { server, api, start } = device();
    await start();
    server.notes.set('c', note('c', 'Gamma', 30));
    server.notes.delete('b');
    const again = await start();
    expect(api.fetchNoteList).toHaveBeenLastCalledWith('t', '"list-2"');
    expect(ids(again)).toEqual(['c', 'a']);
  });

  it('asks unconditionally when the stored notes cannot all be read', async () => {
    const { api, start, offlineStore } = device();
    await start();
    vi.spyOn(offlineStore, 'loadNotes').mockRejectedValueOnce(new Error('disk'));
    api.fetchNoteList.mockClear();
    const again = await start();
    expect(api.fetchNoteList.mock.calls).toEqual([
      ['t', '"list-2"'],
      ['t', null],
    ]);
    expect(ids(again)).toEqual(['a', 'b']);
  });
});

describe('resync on reconnect', () => {
  useFakeClockQuietly();

  it('asks only for what changed since its cursor, and shows it', async () => {
    const { server, api, start, ready, offlineStore } = device();
    const controller = await start();
    await ready();
    server.notes.set('c', note('c', 'Gamma', 30));
    server.notes.set('a', note('a', 'Alpha, edited elsewhere', 40));
    server.notes.delete('b');
    await ready();

    expect(api.fetchNoteList).toHaveBeenCalledTimes(1);
    expect(api.fetchNoteChanges).toHaveBeenLastCalledWith('t', 'cursor-2');
    expect(await api.fetchNoteChanges.mock.results[1]?.value).toMatchObject({
      results: [{ id: 'a' }, { id: 'c' }],
      deleted: ['b'],
    });
    expect(ids(controller)).toEqual(['a', 'c']);
    expect(controller.store.getState().notes.get('a')?.body).toBe('Alpha, edited elsewhere');
    // The device's copy follows, and says which changes it holds.
    expect((await offlineStore.loadNotes(ACCOUNT)).map(({ note }) => note.id).sort()).toEqual([
      'a',
      'c',
    ]);
    expect(await offlineStore.loadListMark(ACCOUNT)).toEqual({ etag: null, cursor: 'cursor-5' });
  });

  it('loads the whole list when the server cannot use the cursor (400)', async () => {
    const { server, api, start, ready } = device();
    const controller = await start();
    server.notes.set('c', note('c', 'Gamma', 30));
    api.fetchNoteChanges.mockRejectedValueOnce(
      new NoteRequestError(400, undefined, 'invalid_input'),
    );
    await ready();
    expect(api.fetchNoteList.mock.calls).toEqual([
      ['t', null],
      ['t', null],
    ]);
    expect(ids(controller)).toEqual(['c', 'a', 'b']);
  });

  it('after an offline start, asks since the stored cursor and not for the whole list again', async () => {
    const { server, api, start, ready } = device();
    await start();
    api.checkToken.mockRejectedValueOnce(new NoteRequestError(null));
    api.fetchNoteList.mockRejectedValueOnce(new NoteRequestError(null));
    const offline = await start();
    expect(ids(offline)).toEqual(['a', 'b']);
    expect(offline.offline.isOffline()).toBe(true);

    server.notes.delete('a');
    await ready();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(api.fetchNoteChanges).toHaveBeenCalledExactlyOnceWith('t', 'cursor-2');
    expect(api.fetchNoteList).toHaveBeenCalledTimes(2);
    expect(ids(offline)).toEqual(['b']);
  });
});

describe('the stored list mark', () => {
  useFakeClockQuietly();

  it('is written only after the notes it names are stored', async () => {
    const offlineStore = memoryOfflineStore();
    const write = offlineStore.writeNotes.bind(offlineStore);
    let finish: () => void = () => {};
    vi.spyOn(offlineStore, 'writeNotes').mockImplementationOnce(
      (...args) =>
        new Promise<void>((resolve) => {
          finish = () => void write(...args).then(resolve);
        }),
    );
    const { start } = device(offlineStore);
    await start();
    expect(await offlineStore.loadListMark(ACCOUNT)).toBeNull();
    finish();
    await vi.advanceTimersByTimeAsync(0);
    expect(await offlineStore.loadNotes(ACCOUNT)).toHaveLength(2);
    expect(await offlineStore.loadListMark(ACCOUNT)).toMatchObject({ cursor: 'cursor-2' });
  });

  it('is not kept when the notes could not be written', async () => {
    const offlineStore = memoryOfflineStore();
    vi.spyOn(offlineStore, 'writeNotes').mockRejectedValueOnce(new Error('quota'));
    const { start } = device(offlineStore);
    await start();
    expect(await offlineStore.loadListMark(ACCOUNT)).toBeNull();
  });

  it('leaves the device with the notes at log out', async () => {
    const { start, offlineStore } = device();
    const controller = await start();
    await controller.logOut();
    await vi.advanceTimersByTimeAsync(0);
    expect(await offlineStore.loadListMark(ACCOUNT)).toBeNull();
    expect(await offlineStore.loadNotes(ACCOUNT)).toEqual([]);
  });
});
