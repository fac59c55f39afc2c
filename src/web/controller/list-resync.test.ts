import { describe, expect, it, vi } from 'vitest';
import { NoteRequestError } from '../api/api-errors.js';
import { memoryOfflineStore } from '../offline/offline-store.js';
import { note, useFakeClockQuietly } from './app-controller-harness.js';
import { ACCOUNT, device, ids } from './device-harness.js';

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
      ['t', null, expect.any(Function)],
      ['t', null, undefined],
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
