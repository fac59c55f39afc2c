import { describe, expect, it, vi } from 'vitest';
import type { Note } from '../../shared/note.js';
import { NoteRequestError } from '../api/api-errors.js';
import { note, useFakeClockQuietly } from './app-controller-harness.js';
import { ACCOUNT, device, ids } from './device-harness.js';

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
    expect(api.fetchNoteList).toHaveBeenCalledExactlyOnceWith(
      't',
      '"list-2"',
      expect.any(Function),
    );
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
    expect(api.fetchNoteList).toHaveBeenLastCalledWith('t', '"list-2"', expect.any(Function));
    expect(ids(again)).toEqual(['c', 'a']);
  });

  it('asks unconditionally when the stored notes cannot all be read', async () => {
    const { api, start, offlineStore } = device();
    await start();
    vi.spyOn(offlineStore, 'loadNotes').mockRejectedValueOnce(new Error('disk'));
    api.fetchNoteList.mockClear();
    const again = await start();
    expect(api.fetchNoteList.mock.calls).toEqual([
      ['t', '"list-2"', expect.any(Function)],
      ['t', null, expect.any(Function)],
    ]);
    expect(ids(again)).toEqual(['a', 'b']);
  });
});

describe('warm start with many notes', () => {
  useFakeClockQuietly();

  /** A promise and the function that settles it, to hold a read back. */
  function held<T>() {
    let release: (value: T) => void = () => {};
    const promise = new Promise<T>((resolve) => {
      release = resolve;
    });
    return { promise, release };
  }

  it('shows the top of the stored list while the rest is still being read', async () => {
    const { api, start, offlineStore } = device();
    await start();
    const stored = await offlineStore.loadNotes(ACCOUNT);
    const whole = held<typeof stored>();
    vi.spyOn(offlineStore, 'loadNotes').mockReturnValueOnce(whole.promise);
    api.fetchNoteList.mockReturnValueOnce(new Promise(() => {}));

    const again = await start();
    expect(ids(again)).toEqual(['a', 'b']);
    expect(again.store.getState().notesLoaded).toBe(false);
    whole.release(stored);
    await vi.advanceTimersByTimeAsync(0);
    expect(ids(again)).toEqual(['a', 'b']);
    expect(again.store.getState().notesLoaded).toBe(true);
  });

  it('on a new device, shows the top of the list as it arrives, before the whole of it', async () => {
    const { api, start } = device();
    const whole = held<Awaited<ReturnType<typeof api.fetchNoteList>>>();
    api.fetchNoteList.mockImplementationOnce(async (_token, _etag, onTop) => {
      onTop?.([note('a', 'Alpha', 20)]);
      return whole.promise;
    });
    const fresh = await start();
    await vi.advanceTimersByTimeAsync(0);
    expect(ids(fresh)).toEqual(['a']);
    expect(fresh.store.getState().notesLoaded).toBe(false);
    whole.release({
      notes: [note('a', 'Alpha', 20), note('b', 'Beta', 10)],
      etag: '"list-9"',
      cursor: 'cursor-9',
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(ids(fresh)).toEqual(['a', 'b']);
    expect(fresh.store.getState().notesLoaded).toBe(true);
  });

  it('reads the top of the stored list while the token is being checked', async () => {
    const { api, start, offlineStore } = device();
    await start();
    const check = held<{ valid: true; email: string }>();
    api.checkToken.mockReturnValueOnce(check.promise);
    const newest = vi.spyOn(offlineStore, 'loadNewestNotes');
    const again = start();
    await vi.advanceTimersByTimeAsync(0);
    expect(newest).toHaveBeenCalledExactlyOnceWith(ACCOUNT, expect.any(Number));
    check.release({ valid: true, email: 'Me@Example.org' });
    expect(ids(await again)).toEqual(['a', 'b']);
    expect(newest).toHaveBeenCalledOnce();
  });

  it('never shows a stored note the server list, come first, no longer has', async () => {
    const { server, start, offlineStore } = device();
    await start();
    const newest = held<Note[]>();
    vi.spyOn(offlineStore, 'loadNewestNotes').mockReturnValueOnce(newest.promise);
    server.notes.delete('b');
    const again = await start();
    expect(ids(again)).toEqual(['a']);
    newest.release([note('a', 'Alpha', 20), note('b', 'Beta', 10)]);
    await vi.advanceTimersByTimeAsync(0);
    expect(ids(again)).toEqual(['a']);
  });

  it('opens offline on an empty list as loaded when the server named it', async () => {
    const { server, api, start } = device();
    server.notes.delete('a');
    server.notes.delete('b');
    await start();
    api.checkToken.mockRejectedValueOnce(new NoteRequestError(null));
    api.fetchNoteList.mockRejectedValueOnce(new NoteRequestError(null));
    const offline = await start();
    expect(offline.store.getState()).toMatchObject({ notesLoaded: true, sortedNoteIds: [] });
  });
});
