import type { NoteId } from '../../shared/note.js';

/** An update typed on this device that the server has not acknowledged yet. */
export interface PendingUpdate {
  /** Its place in the store, by which it is removed once the server has it. */
  key: number;
  update: Uint8Array;
  /** The tab that typed it (see DraftOwners); another may send it once that tab is gone. */
  owner?: string;
}

/** An update typed here that the server has, kept until the note's state holds it. */
export interface AcknowledgedUpdate {
  key: number;
  update: Uint8Array;
}

/**
 * A note's document as kept on this device: a state, the server revision all of whose updates
 * that state holds, the updates typed here that the server has but the state does not hold yet,
 * and those the server may lack.
 */
export interface StoredDocument {
  state: Uint8Array | null;
  revision: number;
  acknowledged: AcknowledgedUpdate[];
  pending: PendingUpdate[];
}

/**
 * Where notes' documents wait on this device, per account (its email) and note
 * (docs/sync.md). Writes are applied in the order they were asked for.
 */
export interface DocumentStore {
  read(account: string, noteId: NoteId): Promise<StoredDocument | undefined>;
  /**
   * Replaces the note's state, as of `revision`, and drops the acknowledged updates it now
   * holds (`held`), in one write; its other updates stay.
   */
  writeState(
    account: string,
    noteId: NoteId,
    state: Uint8Array,
    revision: number,
    held?: readonly number[],
  ): Promise<void>;
  /** Keeps an update typed here; resolves with its key once it is on the device. */
  addPending(account: string, noteId: NoteId, update: Uint8Array, owner: string): Promise<number>;
  /**
   * The server has these updates now. They stay on the device, no longer pending, until a state
   * that holds them is written: a reload before that still finds every word.
   */
  acknowledge(keys: readonly number[]): Promise<void>;
  /** Pending updates of an earlier tab, taken over by `owner`. */
  claim(keys: readonly number[], owner: string): Promise<void>;
  /** The notes of an account with pending updates, and the tabs that typed them (unacknowledged). */
  notesWithPending(account: string): Promise<{ noteId: NoteId; owners: (string | undefined)[] }[]>;
  /** Drops a note's document and its pending updates (its text went elsewhere). */
  forget(account: string, noteId: NoteId): Promise<void>;
}

/** Keeps documents in memory only: for tests, and where the browser offers no IndexedDB. */
export function memoryDocumentStore(): DocumentStore {
  const states = new Map<string, { state: Uint8Array; revision: number }>();
  type Kept = PendingUpdate & { account: string; noteId: NoteId; acknowledged?: true };
  const updates = new Map<number, Kept>();
  let nextKey = 1;
  const keyOf = (account: string, noteId: NoteId) => JSON.stringify([account, noteId]);
  const updatesOf = (account: string, noteId: NoteId) =>
    [...updates.values()].filter((p) => p.account === account && p.noteId === noteId);
  return {
    async read(account, noteId) {
      const stored = states.get(keyOf(account, noteId));
      const kept = updatesOf(account, noteId);
      if (!stored && kept.length === 0) return undefined;
      return {
        state: stored?.state ?? null,
        revision: stored?.revision ?? 0,
        acknowledged: kept
          .filter((p) => p.acknowledged)
          .map(({ key, update }) => ({ key, update })),
        pending: kept
          .filter((p) => !p.acknowledged)
          .map(({ key, update, owner }) => ({ key, update, owner })),
      };
    },
    async writeState(account, noteId, state, revision, held = []) {
      states.set(keyOf(account, noteId), { state, revision });
      for (const key of held) updates.delete(key);
    },
    async addPending(account, noteId, update, owner) {
      const key = nextKey++;
      updates.set(key, { key, account, noteId, update, owner });
      return key;
    },
    async acknowledge(keys) {
      for (const key of keys) {
        const found = updates.get(key);
        if (found) found.acknowledged = true;
      }
    },
    async claim(keys, owner) {
      for (const key of keys) {
        const found = updates.get(key);
        if (found) found.owner = owner;
      }
    },
    async notesWithPending(account) {
      const byNote = new Map<NoteId, (string | undefined)[]>();
      for (const p of updates.values()) {
        if (p.account !== account || p.acknowledged) continue;
        byNote.set(p.noteId, [...(byNote.get(p.noteId) ?? []), p.owner]);
      }
      return [...byNote].map(([noteId, owners]) => ({ noteId, owners }));
    },
    async forget(account, noteId) {
      states.delete(keyOf(account, noteId));
      for (const p of updatesOf(account, noteId)) updates.delete(p.key);
    },
  };
}
