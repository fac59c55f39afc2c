import { vi } from 'vitest';
import type { LiveSocketHandlers } from '../api/live-socket.js';
import { memoryDocumentStore } from '../documents/document-store.js';
import { memoryDraftStore } from '../drafts/draft-store.js';
import { memoryOfflineStore, type OfflineStore } from '../offline/offline-store.js';
import { memoryAccountStorage } from '../session/account-storage.js';
import { AppController } from './app-controller.js';
import { note } from './app-controller-harness.js';
import { fakeQuireApi } from './fake-quire-api.js';

export const ACCOUNT = 'me@example.org';

/** A device (offline store, stored token) that can be started again, over one fake server. */
export function device(offlineStore: OfflineStore = memoryOfflineStore()) {
  const server = fakeQuireApi([note('a', 'Alpha', 20), note('b', 'Beta', 10)]);
  const { api } = server;
  const accountStorage = memoryAccountStorage();
  const documents = memoryDocumentStore();
  let handlers: LiveSocketHandlers | undefined;
  const start = async () => {
    const controller = new AppController({
      api,
      tokenStorage: { read: () => 't', write: () => {}, clear: () => {} },
      documents,
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
  return { server, api, offlineStore, documents, start, ready };
}

export const ids = (controller: AppController) => controller.store.getState().sortedNoteIds;
