import { compareListOrder } from '../../shared/list-order.js';
import type { Note, NoteId } from '../../shared/note.js';
import { listOrderKeyAt } from '../state/note-order.js';

/**
 * A note as kept on the device, with its place in the list when it was written: the server
 * orders by modification time, and the place settles ties within one second.
 */
export interface CachedNote {
  note: Note;
  position: number;
}

/**
 * Kept notes in the list's order: most recently modified first, ties as they were listed
 * (docs/interface.md#how-the-list-is-ordered).
 */
export function inListOrder(cached: readonly CachedNote[]): Note[] {
  return cached
    .map(({ note, position }) => ({ ...listOrderKeyAt(note, position), note }))
    .sort(compareListOrder)
    .map(({ note }) => note);
}

/** A change made without a connection, sent when the server is back. */
export interface QueuedChange {
  noteId: NoteId;
  /**
   * `create`: POST with the note's client-made id; `delete`: DELETE (to the trash); `trash`: a
   * note made here and deleted before the server had it, with words in it: created, its words
   * saved, then deleted, so the trash keeps them.
   */
  kind: 'create' | 'delete' | 'trash';
}

/**
 * Which server list the device's notes are: its entity tag, for a conditional `GET /api/notes`,
 * and its cursor, for `?since=`. Both are opaque strings, sent back as they came.
 */
export interface ListMark {
  etag: string | null;
  cursor: string | null;
}

/**
 * What this device keeps of an account so that Quire opens without the server: the notes of
 * the last sync, and the changes still to be sent. Everything is per account (its email).
 */
export interface OfflineStore {
  loadNotes(account: string): Promise<CachedNote[]>;
  /** The `count` most recently modified notes, newest first: the top of the list, read quickly. */
  loadNewestNotes(account: string, count: number): Promise<Note[]>;
  /** Writes only what changed: the notes to store (new or newer) and those that left the list. */
  writeNotes(account: string, put: readonly CachedNote[], remove: readonly NoteId[]): Promise<void>;
  /** The mark of the list the stored notes came from; null when none is kept. */
  loadListMark(account: string): Promise<ListMark | null>;
  /**
   * Written only once the notes it describes are stored, so it never claims changes they lack;
   * null forgets it (the stored notes may be incomplete).
   */
  writeListMark(account: string, mark: ListMark | null): Promise<void>;
  loadQueue(account: string): Promise<QueuedChange[]>;
  putQueued(account: string, change: QueuedChange): Promise<void>;
  removeQueued(account: string, noteId: NoteId): Promise<void>;
  /** Forgets everything of the account (log out): notes, list mark and queue. */
  clear(account: string): Promise<void>;
}

/** In memory only: for tests, and where the browser offers no IndexedDB. */
export function memoryOfflineStore(): OfflineStore {
  const notes = new Map<string, Map<NoteId, CachedNote>>();
  const queues = new Map<string, Map<NoteId, QueuedChange>>();
  const marks = new Map<string, ListMark>();
  const of = <T>(maps: Map<string, Map<NoteId, T>>, account: string) => {
    const found = maps.get(account) ?? new Map<NoteId, T>();
    maps.set(account, found);
    return found;
  };
  return {
    loadNotes: async (account) => [...of(notes, account).values()],
    loadNewestNotes: async (account, count) =>
      inListOrder([...of(notes, account).values()]).slice(0, count),
    async writeNotes(account, put, remove) {
      const held = of(notes, account);
      for (const cached of put) held.set(cached.note.id, cached);
      for (const id of remove) held.delete(id);
    },
    loadListMark: async (account) => {
      const mark = marks.get(account);
      return mark ? { ...mark } : null;
    },
    async writeListMark(account, mark) {
      if (mark) marks.set(account, { ...mark });
      else marks.delete(account);
    },
    loadQueue: async (account) => [...of(queues, account).values()],
    putQueued: async (account, change) => void of(queues, account).set(change.noteId, change),
    removeQueued: async (account, noteId) => void of(queues, account).delete(noteId),
    async clear(account) {
      notes.delete(account);
      marks.delete(account);
      queues.delete(account);
    },
  };
}
