import { afterEach, beforeEach, vi } from 'vitest';
import type * as Y from 'yjs';
import type { Note } from '../../shared/note.js';
import type { LiveSocketHandlers } from '../api/live-socket.js';
import { type DocumentStore, memoryDocumentStore } from '../documents/document-store.js';
import { soleTab } from '../drafts/draft-owners.js';
import { type DraftStore, memoryDraftStore } from '../drafts/draft-store.js';
import { AppController } from './app-controller.js';
import { fakeQuireApi } from './fake-quire-api.js';

/** What controller tests drive: an AppController over a fake server, socket and storage. */
export const note = (id: string, body = '', modified = 10): Note => ({
  id,
  body,
  timeCreated: 1,
  timeLastModified: modified,
  revision: modified,
});

export function setup(
  stored = '',
  drafts: DraftStore = memoryDraftStore(),
  draftOwners = soleTab(),
  documents: DocumentStore = memoryDocumentStore(),
) {
  let storedToken = stored;
  // Both modified in the same second, Alpha the later change: the server lists it first.
  const server = fakeQuireApi([note('b', 'Beta'), note('a', 'Alpha')]);
  const { api } = server;
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
    documents,
    drafts,
    draftOwners,
    connectLive: (_token, handlers) => {
      live.handlers = handlers;
      return live;
    },
  });
  const state = () => controller.store.getState();
  const handlers = () => live.handlers as LiveSocketHandlers;
  return { api, server, live, controller, state, handlers, drafts, storedToken: () => storedToken };
}

/**
 * Types into a note as an editor bound to its document does: the document opens (from the
 * device or the fake server) and `change` is made to its text, as typed here.
 */
export async function typeInto(
  controller: AppController,
  id: string,
  change: (text: Y.Text) => void,
): Promise<void> {
  const doc = await controller.openDocument(id);
  if (!doc) throw new Error(`no document for ${id}`);
  doc.doc.transact(() => change(doc.text));
}

/** Types `text` at the end of a note. */
export function append(controller: AppController, id: string, text: string): Promise<void> {
  return typeInto(controller, id, (body) => body.insert(body.length, text));
}

/** Fake timers, and console errors (logged failures the tests cause on purpose) kept quiet. */
export function useFakeClockQuietly() {
  beforeEach(() => {
    vi.useFakeTimers();
    vi.spyOn(console, 'error').mockImplementation(() => {});
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });
}
