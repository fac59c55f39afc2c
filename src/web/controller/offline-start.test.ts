import { describe, expect, it, vi } from 'vitest';
import { NetworkError } from '../api/http-client.js';
import { memoryDocumentStore } from '../documents/document-store.js';
import { memoryDraftStore } from '../drafts/draft-store.js';
import { memoryOfflineStore } from '../offline/offline-store.js';
import { memoryAccountStorage } from '../session/account-storage.js';
import { AppController } from './app-controller.js';
import { note, useFakeClockQuietly } from './app-controller-harness.js';
import { fakeQuireApi } from './fake-quire-api.js';

function setup() {
  const { api } = fakeQuireApi([note('a', 'Alpha', 20), note('b', 'Beta', 10)]);
  let token = 't';
  const tokenStorage = {
    read: () => token,
    write: (value: string) => {
      token = value;
    },
    clear: () => {
      token = '';
    },
  };
  const offlineStore = memoryOfflineStore();
  const accountStorage = memoryAccountStorage();
  const make = () =>
    new AppController({
      api,
      tokenStorage,
      documents: memoryDocumentStore(),
      drafts: memoryDraftStore(),
      offlineStore,
      accountStorage,
      connectLive: () => ({ stop: vi.fn(), reconnectNow: vi.fn() }),
    });
  return { api, make, offlineStore, token: () => token };
}

describe('AppController offline', () => {
  useFakeClockQuietly();

  it('opens with the notes of the last sync when the server cannot be reached, keeping the token', async () => {
    const { api, make, token } = setup();
    await make().start();
    await vi.advanceTimersByTimeAsync(0);

    api.checkToken.mockRejectedValue(new NetworkError('down'));
    api.fetchNoteList.mockRejectedValue(new NetworkError('down'));
    const offline = make();
    await offline.start();
    await vi.advanceTimersByTimeAsync(0);
    const state = offline.store.getState();
    expect(token()).toBe('t');
    expect(state.startup).toBe('done');
    expect(state.sortedNoteIds).toEqual(['a', 'b']);
    expect(state.notes.get('a')?.body).toBe('Alpha');
    expect(offline.offline.isOffline()).toBe(true);
  });

  it('logging out forgets the notes kept on the device', async () => {
    const { make, offlineStore } = setup();
    const controller = make();
    await controller.start();
    await vi.advanceTimersByTimeAsync(0);
    expect(await offlineStore.loadNotes('me@example.org')).toHaveLength(2);
    await controller.logOut();
    await vi.advanceTimersByTimeAsync(0);
    expect(await offlineStore.loadNotes('me@example.org')).toEqual([]);
  });
});
