import type { Note, NoteId } from '../../shared/note.js';
import type { AppState, NoteMap } from '../state/app-state.js';
import { ChunkedMap, type MapChange } from '../state/chunked-map.js';
import type { AppStore } from '../state/store.js';
import { type CachedNote, inListOrder, type OfflineStore } from './offline-store.js';

/** Past this many changed notes at once (a new list), comparing the whole list is cheaper. */
const FOLLOW_LIMIT = 64;

/**
 * Notes written to the device per transaction. Handing notes to IndexedDB costs the main thread
 * time per note, so a new long list is written in slices between frames, after the list is
 * shown, instead of in one long task ahead of it (bench/RESULTS.md).
 */
export const WRITE_SLICE = 500;

/** Resolves in a later task, so the page renders and takes input first; not throttled as timers are. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

interface DeviceWrites {
  put: CachedNote[];
  remove: NoteId[];
}

/**
 * Keeps the device's copy of the list in step with the state: after each change of the notes
 * it writes the notes whose revision moved and removes those that left, nothing else.
 */
export class NoteCacheWriter {
  private account: string | null = null;
  /** The revision of each note the device holds for `account`; null until it has been read. */
  private known: Map<NoteId, number> | null = null;
  private lastNotes: NoteMap | null = null;
  private writes: Promise<void> = Promise.resolve();
  private readonly unsubscribe: () => void;

  constructor(
    private readonly store: AppStore,
    private readonly offline: OfflineStore,
  ) {
    this.unsubscribe = store.subscribe(() => this.stateChanged());
  }

  /** Reads the account's notes from the device, in server order, and follows the state after. */
  async open(account: string): Promise<Note[]> {
    this.account = account;
    this.known = null;
    this.lastNotes = null;
    const notes = await this.offline.loadNotes(account).catch(() => []);
    if (this.account !== account) return [];
    this.known = new Map(notes.map(({ note }) => [note.id, note.revision]));
    this.stateChanged();
    return inListOrder(notes);
  }

  /** Stops following (log out); `clear` also forgets the account's notes on the device. */
  close(clear: boolean): Promise<void> {
    const account = this.account;
    this.account = null;
    this.known = null;
    if (!clear || account === null) return this.writes;
    return this.queue(() => this.offline.clear(account));
  }

  /** Resolves once every write asked for so far is done. */
  settled(): Promise<void> {
    return this.writes;
  }

  dispose(): void {
    this.unsubscribe();
  }

  private stateChanged(): void {
    const state = this.store.getState();
    const { account, known, lastNotes } = this;
    if (account === null || known === null || !state.notesLoaded) return;
    if (state.email.toLowerCase() !== account || state.notes === lastNotes) return;
    this.lastNotes = state.notes;
    const changes = lastNotes && ChunkedMap.changes(lastNotes, state.notes);
    const { put, remove } =
      changes && changes.length <= FOLLOW_LIMIT
        ? this.followed(state, changes, known)
        : this.compared(state, known);
    if (put.length === 0 && remove.length === 0) return;
    for (const { note } of put) known.set(note.id, note.revision);
    for (const id of remove) known.delete(id);
    // One write, at once, for a save; a new list's slices each wait for a later task.
    const sliced = put.length > WRITE_SLICE;
    for (let at = 0; at === 0 || at < put.length; at += WRITE_SLICE) {
      const slice = sliced ? put.slice(at, at + WRITE_SLICE) : put;
      const gone = at === 0 ? remove : [];
      const write = () => this.offline.writeNotes(account, slice, gone);
      void this.queue(sliced ? () => nextTask().then(write) : write);
    }
  }

  /** What a few changes of the notes mean for the device: one save is one note, not a walk. */
  private followed(
    state: AppState,
    changes: MapChange<Note>[],
    known: Map<NoteId, number>,
  ): DeviceWrites {
    const put: CachedNote[] = [];
    const remove: NoteId[] = [];
    for (const { key: id, after: note } of changes) {
      if (!note) {
        if (known.has(id)) remove.push(id);
      } else if (known.get(id) !== note.revision) {
        put.push({ note, position: Math.max(state.sortedNoteIds.indexOf(id), 0) });
      }
    }
    return { put, remove };
  }

  /** The whole list against what the device holds: at the first list, or after a reload. */
  private compared(state: AppState, known: Map<NoteId, number>): DeviceWrites {
    const put: CachedNote[] = [];
    state.sortedNoteIds.forEach((id, position) => {
      const note = state.notes.get(id);
      if (note && known.get(id) !== note.revision) put.push({ note, position });
    });
    const remove = [...known.keys()].filter((id) => !state.notes.has(id));
    return { put, remove };
  }

  private queue(write: () => Promise<void>): Promise<void> {
    this.writes = this.writes.then(write).catch((error) => console.error(error));
    return this.writes;
  }
}
