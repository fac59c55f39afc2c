import type { NoteId } from '../../shared/note.js';

/** An update typed on this device that the server has not acknowledged yet. */
export interface PendingUpdate {
  /** Its place in the store, by which it is removed once the server has it. */
  key: number;
  update: Uint8Array;
  /** The tab that typed it (see DraftOwners); another may send it once that tab is gone. */
  owner?: string;
}

/**
 * A note's document as kept on this device: a state, the server revision all of whose updates
 * that state holds, and the updates typed here since that the server may lack.
 */
export interface StoredDocument {
  state: Uint8Array | null;
  revision: number;
  pending: PendingUpdate[];
}

/**
 * Where notes' documents wait on this device, per account (its email) and note
 * (docs/sync.md). Writes are applied in the order they were asked for.
 */
export interface DocumentStore {
  read(account: string, noteId: NoteId): Promise<StoredDocument | undefined>;
  /** Replaces the note's state, as of `revision`; its pending updates stay. */
  writeState(account: string, noteId: NoteId, state: Uint8Array, revision: number): Promise<void>;
  /** Keeps an update typed here; resolves with its key once it is on the device. */
  addPending(account: string, noteId: NoteId, update: Uint8Array, owner: string): Promise<number>;
  /** The server has these updates now. */
  removePending(keys: readonly number[]): Promise<void>;
  /** Pending updates of an earlier tab, taken over by `owner`. */
  claim(keys: readonly number[], owner: string): Promise<void>;
  /** The notes of an account with pending updates, and the tabs that typed them. */
  notesWithPending(account: string): Promise<{ noteId: NoteId; owners: (string | undefined)[] }[]>;
  /** Drops a note's document and its pending updates (its text went elsewhere). */
  forget(account: string, noteId: NoteId): Promise<void>;
}

/** Keeps documents in memory only: for tests, and where the browser offers no IndexedDB. */
export function memoryDocumentStore(): DocumentStore {
  const states = new Map<string, { state: Uint8Array; revision: number }>();
  const pending = new Map<number, PendingUpdate & { account: string; noteId: NoteId }>();
  let nextKey = 1;
  const keyOf = (account: string, noteId: NoteId) => JSON.stringify([account, noteId]);
  const pendingOf = (account: string, noteId: NoteId) =>
    [...pending.values()].filter((p) => p.account === account && p.noteId === noteId);
  return {
    async read(account, noteId) {
      const stored = states.get(keyOf(account, noteId));
      const waiting = pendingOf(account, noteId).map(({ key, update, owner }) => ({
        key,
        update,
        owner,
      }));
      if (!stored && waiting.length === 0) return undefined;
      return { state: stored?.state ?? null, revision: stored?.revision ?? 0, pending: waiting };
    },
    async writeState(account, noteId, state, revision) {
      states.set(keyOf(account, noteId), { state, revision });
    },
    async addPending(account, noteId, update, owner) {
      const key = nextKey++;
      pending.set(key, { key, account, noteId, update, owner });
      return key;
    },
    async removePending(keys) {
      for (const key of keys) pending.delete(key);
    },
    async claim(keys, owner) {
      for (const key of keys) {
        const found = pending.get(key);
        if (found) found.owner = owner;
      }
    },
    async notesWithPending(account) {
      const byNote = new Map<NoteId, (string | undefined)[]>();
      for (const p of pending.values()) {
        if (p.account !== account) continue;
        byNote.set(p.noteId, [...(byNote.get(p.noteId) ?? []), p.owner]);
      }
      return [...byNote].map(([noteId, owners]) => ({ noteId, owners }));
    },
    async forget(account, noteId) {
      states.delete(keyOf(account, noteId));
      for (const p of pendingOf(account, noteId)) pending.delete(p.key);
    },
  };
}
