import type { EditStep } from '../../shared/exact-edits.js';
import type { Note, NoteId } from '../../shared/note.js';
import type { NoteChangesResponse } from '../../shared/note-changes.js';
import { isSessionExpired, NoteRequestError } from '../api/api-errors.js';
import { NetworkError } from '../api/http-client.js';
import type { QuireApi } from '../api/quire-api.js';
import { claimable, type DraftOwners } from '../drafts/draft-owners.js';
import type { DraftStore } from '../drafts/draft-store.js';
import type { OfflineQueue, QueueSender } from '../offline/offline-queue.js';
import type { ListMark } from '../offline/offline-store.js';
import type { NoteSaver } from '../saving/note-saver.js';
import { isNewer } from '../state/selectors.js';
import type { AppStore } from '../state/store.js';
import { ListSync } from './list-sync.js';
import { errorNotice, type NoticeTimer } from './notices.js';
import type { DeviceCopy } from './offline-session.js';
import { createSessionSaver, titleOf } from './session-saver.js';

export interface NotesControllerDeps {
  api: QuireApi;
  store: AppStore;
  notices: NoticeTimer;
  /** Unsaved text kept on this device, per account, until the server has it. */
  drafts: DraftStore;
  /** Which tab writes which draft, so that two tabs never save the same one. */
  owners: DraftOwners;
  /** Creates and deletes made offline, until the server has them. */
  queue: OfflineQueue;
  /** The notes held now match the list `mark` names, or are newer. */
  onListMarked(mark: ListMark | null): void;
  /** A 401 from any call: the session is over. */
  onSessionExpired(): void;
}

/** A create the server refused for now; the note is not lost, nor should "New" be pressed again. */
export const CREATE_KEPT =
  'The server could not store the new note yet. It is kept here and sent again.';

/** The notice after a delete; its "Undo" brings the note back. */
export const MOVED_TO_TRASH = 'Moved to Trash';

/** The notice after deleting a note the server never had: no trash holds it. */
export const DELETED_UNSENT = 'Note deleted';

/** A deleted note's place in the list, and whether it was the open one. */
interface DeletedPlace {
  id: NoteId;
  index: number;
  selected: boolean;
  /** The note as it was held here. */
  note: Note | undefined;
  /**
   * What waits on the device instead of a delete on the server: the delete itself (made
   * offline), or a create that the delete cancelled (the server never had the note).
   */
  onDevice?: 'delete' | 'create';
}

/** No answer at all: the change is kept on the device and sent when the server is back. */
function unreachable(error: unknown): boolean {
  return (
    error instanceof NetworkError || (error instanceof NoteRequestError && error.status === null)
  );
}

/**
 * The notes of one session: list (through ListSync), create, delete, save, and the live events,
 * all turned into reducer actions. Answers that arrive after `reset()` (log out) are dropped.
 */
export class NotesController {
  private readonly deps: NotesControllerDeps;
  private readonly saver: NoteSaver;
  private readonly lists: ListSync;
  private generation = 0;
  /** Where the last note deleted here stood, while its "Undo" may be pressed. */
  private lastDeleted: DeletedPlace | null = null;
  /** Notes created this session, with the number of list requests made before each. */
  private readonly created: { id: NoteId; afterList: number }[] = [];

  constructor(deps: NotesControllerDeps) {
    this.deps = deps;
    this.saver = createSessionSaver({
      ...deps,
      beforeSave: (noteId) =>
        deps.queue.isPendingCreate(noteId) ? deps.queue.sendCreate(noteId, this.sender) : undefined,
      deletedHere: (noteId) => deps.queue.isPendingDelete(noteId),
      token: () => this.token,
      account: () => this.account,
      onError: (error, message) => this.failed(error, message),
    });
    this.lists = new ListSync({
      api: deps.api,
      token: () => this.token,
      showNewest: (notes) => this.showNewest(notes),
      showCached: (notes, whole) => this.showCached(notes, whole),
      listed: (notes, request) => this.listed(notes, request),
      unchanged: (notes) => this.unchanged(notes),
      changed: (changes) => this.changed(changes),
      marked: deps.onListMarked,
      onSessionExpired: deps.onSessionExpired,
    });
  }

  private get token(): string {
    return this.deps.store.getState().token;
  }

  /** Drafts are kept per account; the email, as the server spells it, names it. */
  private get account(): string {
    return this.deps.store.getState().email.toLowerCase();
  }

  /**
   * A session starts (spec §4.1, §4.2): the device's notes show once read, and the whole list
   * is asked for, conditional on them when they are a whole list the server named.
   */
  start(copy: DeviceCopy): Promise<void> {
    return this.lists.start(copy);
  }

  /** After a reconnect: what changed since the cursor held, or the whole list without one. */
  resync(): Promise<void> {
    return this.lists.resync();
  }

  /** A whole list replaces what is held (except newer versions and notes created since). */
  private listed(notes: Note[], request: number): void {
    const createdIds = this.created.filter((c) => c.afterList >= request).map((c) => c.id);
    createdIds.push(...this.deps.queue.pendingCreates());
    const listed = notes.filter((note) => !this.deps.queue.isPendingDelete(note.id));
    this.deps.store.dispatch({ type: 'notesLoaded', notes: listed, createdIds });
    // Newer versions found by the list (missed while away) meet unsaved text as live ones do.
    const held = this.deps.store.getState().notes;
    for (const note of listed) if (held.get(note.id) === note) this.saver.remoteUpdate(note);
  }

  /** A 304: the device's notes shown are the list; an empty one is now loaded too. */
  private unchanged(notes: Note[]): void {
    if (this.deps.store.getState().notesLoaded) return;
    const createdIds = this.deps.queue.pendingCreates();
    this.deps.store.dispatch({ type: 'notesLoaded', notes, createdIds });
  }

  /** Changes missed while away land as the live events would have. */
  private changed({ results, deleted }: NoteChangesResponse): void {
    // Oldest first, so that the newest ends at the front, as the server lists them.
    for (const note of [...results].reverse()) {
      if (!this.deps.queue.isPendingDelete(note.id)) this.liveUpdate(note);
    }
    for (const id of deleted) if (this.deps.store.getState().notes.get(id)) this.removed(id);
  }

  /**
   * Drafts this account left unsaved on this device (closed tab, crash, ended session), except
   * those another open tab is still writing.
   */
  async resumeDrafts(): Promise<void> {
    const generation = this.generation;
    const account = this.account;
    try {
      const kept = await claimable(await this.deps.drafts.load(account), this.deps.owners);
      if (generation !== this.generation) return;
      for (const draft of kept) this.saver.resume(draft);
    } catch (error) {
      console.error(error);
    }
  }

  /**
   * The top of the list kept on this device, shown while the rest is read (100,000 notes take
   * seconds). The list is not loaded yet, so nothing treats these as the whole of it.
   */
  private showNewest(notes: Note[]): void {
    if (this.deps.store.getState().notesLoaded) return;
    this.deps.store.dispatch({ type: 'notesUpdated', notes: [...notes].reverse() });
  }

  /**
   * The notes of the last sync, kept on this device, until the server's list arrives. No notes
   * is an empty list only when a list named them (`whole`); otherwise nothing is known yet.
   */
  private showCached(notes: Note[], whole: boolean): void {
    if (notes.length === 0 && !whole) return;
    const createdIds = this.deps.queue.pendingCreates();
    this.deps.store.dispatch({ type: 'notesLoaded', notes, createdIds });
  }

  /**
   * "New" (spec §4.3): the note exists here at once, with an id of its own, selected and first
   * in the list; its create follows to the server (kept on the device until it gets there).
   * Saves of the note wait for that create, so text typed meanwhile goes to it and nowhere else.
   * `text` is its first text, saved as if typed (a link to a missing note names it so).
   */
  create(text = ''): Promise<void> {
    const now = Math.floor(Date.now() / 1000);
    const note: Note = {
      id: crypto.randomUUID(),
      body: '',
      timeCreated: now,
      timeLastModified: now,
      revision: 1,
    };
    this.created.push({ id: note.id, afterList: this.lists.requested });
    this.deps.store.dispatch({ type: 'noteCreated', note });
    const created = this.createOnServer(note.id);
    if (text !== '') this.edit(note.id, text);
    return created;
  }

  private async createOnServer(id: NoteId): Promise<void> {
    const generation = this.generation;
    // Without a copy on the device the create still goes; it is only not kept for a reload.
    await this.deps.queue
      .add({ noteId: id, kind: 'create' })
      .catch((error) => console.error(error));
    if (generation !== this.generation) return;
    try {
      await this.deps.queue.sendCreate(id, this.sender);
    } catch (error) {
      // The note stays here and queued either way: its first save, or the next connection, sends it.
      if (generation !== this.generation || unreachable(error)) return;
      console.error(error);
      if (isSessionExpired(error)) this.deps.onSessionExpired();
      else this.deps.notices.show(CREATE_KEPT, 'error');
    }
  }

  /** Sends what was created and deleted offline; a failure waits for the next reconnect. */
  sendQueued(): Promise<void> {
    return this.deps.queue.sendAll(this.sender).catch((error) => {
      if (isSessionExpired(error)) this.deps.onSessionExpired();
      else console.error(error);
    });
  }

  /** Creates on their way to the server: the saver and "New" itself may both ask for one. */
  private readonly creating = new Map<NoteId, Promise<void>>();

  private readonly sender: QueueSender = {
    create: (noteId) => {
      let sent = this.creating.get(noteId);
      if (!sent) {
        sent = this.deps.api.createNote(this.token, noteId).then(
          (note) => {
            this.creating.delete(noteId);
            this.deps.store.dispatch({ type: 'noteUpdated', note });
          },
          (error: unknown) => {
            this.creating.delete(noteId);
            throw error;
          },
        );
        this.creating.set(noteId, sent);
      }
      return sent;
    },
    delete: async (noteId) => {
      // Words typed before the delete reach the note first, so that its trash holds them.
      await this.saver.settled(noteId);
      try {
        await this.deps.api.deleteNote(this.token, noteId);
      } catch (error) {
        if (!(error instanceof NoteRequestError && error.status === 404)) throw error;
      }
    },
  };

  /**
   * Delete after the user confirmed (spec §4.4): the note goes to the trash, and a notice offers
   * to bring it back where it was.
   */
  async delete(id: NoteId): Promise<void> {
    const generation = this.generation;
    // A create still on its way goes first: the delete follows it to the server.
    await this.creating.get(id)?.catch(() => undefined);
    if (generation !== this.generation) return;
    const place = this.placeOf(id);
    if (this.deps.queue.isPendingCreate(id)) {
      // Words typed in it go to the server and on to the trash; an empty note is just dropped.
      const words = (this.saver.pendingText(id) ?? place.note?.body ?? '').trim() !== '';
      this.deps.store.dispatch({ type: 'noteDeleted', id });
      await this.deps.queue.add({ noteId: id, kind: words ? 'trash' : 'delete' });
      return this.offerUndo({ ...place, onDevice: 'create' }, DELETED_UNSENT);
    }
    try {
      await this.deps.api.deleteNote(this.token, id);
      if (generation !== this.generation) return;
      this.deps.store.dispatch({ type: 'noteDeleted', id });
      this.offerUndo(place);
    } catch (error) {
      if (generation !== this.generation) return;
      if (error instanceof NoteRequestError && error.status === 404) {
        this.deps.store.dispatch({ type: 'noteDeleted', id });
      } else if (unreachable(error)) {
        this.deps.store.dispatch({ type: 'noteDeleted', id });
        await this.deps.queue.add({ noteId: id, kind: 'delete' });
        if (generation === this.generation) this.offerUndo({ ...place, onDevice: 'delete' });
      } else this.failed(error, 'Could not delete the note.');
    }
  }

  private offerUndo(place: DeletedPlace, text = MOVED_TO_TRASH): void {
    this.lastDeleted = place;
    this.deps.notices.showUndo(text, { kind: 'delete', noteId: place.id });
  }

  /**
   * "Undo" of the last delete: the note comes back to its place, as selected as it was; from
   * the trash, or, when the delete has not left this device, by taking the delete back.
   */
  async undoDelete(id: NoteId): Promise<void> {
    const place = this.lastDeleted;
    if (place?.id !== id) return;
    this.lastDeleted = null;
    const generation = this.generation;
    if (place.onDevice && (await this.undoOnDevice(place))) return;
    if (generation !== this.generation) return;
    try {
      const note = await this.deps.api.restoreFromTrash(this.token, id);
      if (generation !== this.generation) return;
      const { index, selected } = place;
      this.deps.store.dispatch({ type: 'deleteUndone', note, index, selected });
    } catch (error) {
      if (generation === this.generation) this.failed(error, 'Could not bring the note back.');
    }
  }

  /** Brings back a note whose delete never left this device; false when the server has it. */
  private async undoOnDevice(place: DeletedPlace): Promise<boolean> {
    const { id, note, index, selected } = place;
    if (!note) return false;
    const generation = this.generation;
    if (place.onDevice === 'delete' && !(await this.deps.queue.withdrawDelete(id))) return false;
    if (generation !== this.generation) return true;
    this.deps.store.dispatch({ type: 'deleteUndone', note, index, selected });
    if (place.onDevice === 'create') await this.createOnServer(id);
    return true;
  }

  private placeOf(id: NoteId): DeletedPlace {
    const { sortedNoteIds, selectedNoteId, notes } = this.deps.store.getState();
    const note = notes.get(id);
    return { id, index: sortedNoteIds.indexOf(id), selected: selectedNoteId === id, note };
  }

  /** An editor change (spec §4.5): saved when it differs from the stored body. */
  edit(id: NoteId, text: string, step?: EditStep): void {
    const note = this.deps.store.getState().notes.get(id);
    if (note) this.saver.edit(note, text, step);
  }

  /**
   * A newer version from elsewhere; unsaved text here is carried onto it, not dropped, and the
   * note and its draft change in one dispatch.
   */
  liveUpdate(note: Note): void {
    const { store } = this.deps;
    if (this.saver.pendingText(note.id) === undefined || !isNewer(store.getState(), note)) {
      store.dispatch({ type: 'noteUpdated', note });
      return;
    }
    this.saver.remoteUpdate(note, { quiet: true });
    const unsaved = { drafts: this.saver.pendingTexts(), saveStatus: this.saver.status() };
    store.dispatch({ type: 'noteUpdated', note, unsaved });
  }

  /**
   * A live "delete". A note still being written in here is brought straight back from the
   * trash, so the words being typed have a note to go to.
   */
  removed(id: NoteId): void {
    this.deps.store.dispatch({ type: 'noteDeleted', id });
    if (this.saver.pendingText(id) !== undefined) void this.rescue(id);
  }

  /** A note from a restore (trash or history), answered to this client. */
  restored(note: Note): void {
    this.deps.store.dispatch({ type: 'noteRestored', note });
  }

  /** The connection is back: saves waiting for their next try go now. */
  retrySaves(): void {
    this.saver.retryNow();
  }

  hasUnsaved(): boolean {
    return this.saver.hasUnsaved();
  }

  /** Resolves once nothing is being saved any more, or after `timeoutMs`. */
  waitForSaves(timeoutMs: number): Promise<void> {
    if (!this.saver.hasUnsaved()) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, timeoutMs);
      const unsubscribe = this.deps.store.subscribe(() => {
        if (!this.saver.hasUnsaved() || this.saver.status() !== 'saving') done();
      });
      function done() {
        clearTimeout(timer);
        unsubscribe();
        resolve();
      }
    });
  }

  /** Forgets the session (log out, ended session); drafts stay on the device for the next one. */
  reset(): void {
    this.generation += 1;
    this.created.length = 0;
    this.lastDeleted = null;
    this.lists.reset();
    this.saver.reset();
  }

  private async rescue(id: NoteId): Promise<void> {
    const generation = this.generation;
    try {
      const note = await this.deps.api.restoreFromTrash(this.token, id);
      if (generation !== this.generation) return;
      this.deps.store.dispatch({ type: 'noteRestored', note });
      this.deps.notices.show(
        `“${titleOf(note.body)}” was deleted elsewhere while you were writing. It is back.`,
        'info',
      );
      this.saver.retryNow(id);
    } catch (error) {
      // The save itself restores it or saves the words anew; nothing is lost by waiting.
      console.error(error);
      if (generation === this.generation) this.saver.retryNow(id);
    }
  }

  /** Errors raised by calls end here: a 401 ends the session, anything else is shown briefly. */
  private failed(error: unknown, message: string): void {
    console.error(error);
    if (isSessionExpired(error)) {
      this.deps.onSessionExpired();
      return;
    }
    const offline =
      error instanceof NetworkError || (error instanceof NoteRequestError && error.status === null);
    this.deps.notices.show(errorNotice(message, offline), 'error');
  }
}
