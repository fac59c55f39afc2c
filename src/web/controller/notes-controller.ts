import { changedRange } from '../../shared/changed-range.js';
import { deviceName } from '../../shared/device-name.js';
import type { Note, NoteId } from '../../shared/note.js';
import type { NoteChangesResponse } from '../../shared/note-changes.js';
import type { TextEdit } from '../../shared/text-edits.js';
import { isSessionExpired, NoteRequestError } from '../api/api-errors.js';
import { NetworkError } from '../api/http-client.js';
import type { QuireApi } from '../api/quire-api.js';
import { DeviceDocuments } from '../documents/device-documents.js';
import type { DocumentSaver } from '../documents/document-saver.js';
import type { DocumentStore } from '../documents/document-store.js';
import type { LocalDocument } from '../documents/local-document.js';
import type { NotePresence } from '../documents/note-presence.js';
import { TextDrafts } from '../documents/text-drafts.js';
import type { DraftOwners } from '../drafts/draft-owners.js';
import type { DraftStore } from '../drafts/draft-store.js';
import { revealWhenOpened } from '../editor/pending-place.js';
import type { OfflineQueue, QueueSender } from '../offline/offline-queue.js';
import type { ListMark } from '../offline/offline-store.js';
import { isNewer, selectEditorText } from '../state/selectors.js';
import type { AppStore } from '../state/store.js';
import { LeftEmptyNotes } from './left-empty-notes.js';
import { ListSync } from './list-sync.js';
import { errorNotice, type NoticeTimer } from './notices.js';
import type { DeviceCopy } from './offline-session.js';
import { createSessionSaving, titleOf } from './session-saver.js';

export interface NotesControllerDeps {
  api: QuireApi;
  store: AppStore;
  notices: NoticeTimer;
  /** Notes' documents kept on this device, per account, with what the server lacks of them. */
  documents: DocumentStore;
  /** Text typed before a note's document was on this device, until it is in it. */
  drafts: DraftStore;
  /** Which tab writes which draft, so that two tabs never save the same one. */
  owners: DraftOwners;
  /** Creates and deletes made offline, until the server has them. */
  queue: OfflineQueue;
  /** The notes held now match the list `mark` names, or are newer. */
  onListMarked(mark: ListMark | null): void;
  /** A 401 from any call: the session is over. */
  onSessionExpired(): void;
  /** Text was typed here into a note: it was `before`, it is `after` now. */
  onTyped?(id: NoteId, before: string | undefined, after: string): void;
  /** Passes this window's presence in a note over the live socket. */
  sendPresence?(noteId: NoteId, state: string): void;
}

/** A note typed in this long ago or less is being written: a delete elsewhere brings it back. */
const WRITING_MS = 60_000;

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
  private readonly saver: DocumentSaver;
  private readonly lists: ListSync;
  private readonly documents: DeviceDocuments;
  private readonly textDrafts: TextDrafts;
  /** When each note was last typed in here. */
  private readonly typedAt = new Map<NoteId, number>();
  /** Who follows which note's document (the editor). */
  private readonly documentWatchers = new Set<(noteId: NoteId) => void>();
  private generation = 0;
  /** Where the last note deleted here stood, while its "Undo" may be pressed. */
  private lastDeleted: DeletedPlace | null = null;
  /** Notes created this session, with the number of list requests made before each. */
  private readonly created: { id: NoteId; afterList: number }[] = [];
  private readonly leftEmpty: LeftEmptyNotes;

  constructor(deps: NotesControllerDeps) {
    this.deps = deps;
    this.leftEmpty = new LeftEmptyNotes(
      deps.store,
      (id) => this.textOf(id),
      (id) => void this.dropEmpty(id),
    );
    this.documents = new DeviceDocuments({
      api: deps.api,
      store: deps.documents,
      owners: deps.owners,
      token: () => this.token,
      account: () => this.account,
      typed: (noteId) => this.typedIn(noteId),
      changed: (noteId) => this.documentChanged(noteId),
      sendPresence: (noteId, state) => deps.sendPresence?.(noteId, state),
      deviceName: deviceName(typeof navigator === 'undefined' ? null : navigator.userAgent),
    });
    const saving = createSessionSaving({
      ...deps,
      documents: this.documents,
      beforeSave: (noteId) =>
        deps.queue.isPendingCreate(noteId) ? deps.queue.sendCreate(noteId, this.sender) : undefined,
      deletedHere: (noteId) => deps.queue.isPendingDelete(noteId),
      token: () => this.token,
      onChange: () => this.showUnsaved(),
      onError: (error, message) => this.failed(error, message),
    });
    this.saver = saving.saver;
    this.textDrafts = new TextDrafts({
      api: deps.api,
      store: deps.drafts,
      owners: deps.owners,
      documents: this.documents,
      token: () => this.token,
      account: () => this.account,
      held: (noteId) => this.deps.store.getState().notes.get(noteId),
      save: (edit) => saving.save(edit),
      changed: (noteId) => this.documentChanged(noteId),
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
   * A session starts (docs/interface.md#startup-and-signing-in): the device's notes show once read,
   * and the whole list is asked for, conditional on them when they are a whole list the server
   * named.
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
    // Documents held here catch up with newer versions found by the list (missed while away).
    for (const note of listed) this.documents.tookIn(note.id, note.revision);
    this.showUnsaved();
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
   * What this account left unsaved on this device (closed tab, crash, ended session), except
   * what another open tab is still saving: documents with unacknowledged updates, and text
   * typed before a note's document was here (or kept by an earlier version of Quire).
   */
  async resumeDrafts(): Promise<void> {
    try {
      await Promise.all([this.documents.resume(), this.textDrafts.load()]);
      void this.textDrafts.convertAll();
    } catch (error) {
      console.error(error);
    }
  }

  /**
   * The note's document, for the editor: held, from the device or the server, or made from
   * text typed before it was here. Undefined while neither can be reached.
   */
  async openDocument(noteId: NoteId): Promise<LocalDocument | undefined> {
    if (this.textDrafts.text(noteId) !== undefined) {
      const converted = await this.textDrafts.convert(noteId).catch(() => undefined);
      if (converted) return converted;
      if (this.textDrafts.text(noteId) !== undefined) return undefined;
    }
    const doc = await this.documents.open(noteId);
    // Keys typed while it came wait as text: they go into it first, in the order typed.
    return this.textDrafts.text(noteId) === undefined ? doc : this.openDocument(noteId);
  }

  /**
   * The note's document for its editor, if this page holds it now. Not while text typed before
   * it came still waits to go into it: bound then, the editor would show the document without
   * those keys, and they would come back as another's typing, before the cursor.
   */
  documentOf(noteId: NoteId): LocalDocument | undefined {
    return this.textDrafts.text(noteId) === undefined ? this.documents.get(noteId) : undefined;
  }

  /** This window's presence in a note it shows; undefined while the note has no document. */
  presenceOf(noteId: NoteId): NotePresence | undefined {
    return this.documents.presenceOf(noteId);
  }

  /** The note is no longer shown here. */
  releasePresence(noteId: NoteId, presence: NotePresence): void {
    this.documents.releasePresence(noteId, presence);
  }

  /** Another window's presence in a note; after a reconnect, this window's is told again. */
  receivePresence(noteId: NoteId, state: string): void {
    this.documents.receivePresence(noteId, state);
  }

  announcePresence(): void {
    this.documents.announcePresence();
  }

  leavePresence(): void {
    this.documents.leavePresence();
  }

  /** Follows documents coming and changing (the editor binds to its note's). */
  watchDocuments(watcher: (noteId: NoteId) => void): () => void {
    this.documentWatchers.add(watcher);
    return () => this.documentWatchers.delete(watcher);
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
   * "New" (docs/interface.md#making-a-note): the note exists here at once, with an id of its own,
   * selected and first in the list; its create follows to the server (kept on the device until it
   * gets there). Saves of the note wait for that create, so text typed meanwhile goes to it and
   * nowhere else. `text` is its first text, saved as if typed (a link to a missing note names it
   * so).
   */
  create(text = '', cursor = text.length): Promise<void> {
    const now = Math.floor(Date.now() / 1000);
    const note: Note = {
      id: crypto.randomUUID(),
      body: '',
      timeCreated: now,
      timeLastModified: now,
      revision: 1,
    };
    this.created.push({ id: note.id, afterList: this.lists.requested });
    // Typing goes after its first text (below a title a link gave it), not before.
    if (text !== '') revealWhenOpened(note.id, { at: cursor });
    const doc = this.documents.created(note.id);
    if (text === '') this.leftEmpty.add(note.id);
    this.deps.store.dispatch({ type: 'noteCreated', note });
    const created = this.createOnServer(note.id);
    if (text !== '') doc.typeSteps([[{ at: 0, remove: 0, insert: text }]]);
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

  /**
   * A note made with New and left empty goes, without a notice: from this device if its create
   * never left it, else from the server and then from its trash. Anything written in it by then,
   * here or elsewhere, keeps it; text that raced the delete is in the trash, which is emptied of
   * it only when it holds nothing.
   */
  private async dropEmpty(id: NoteId): Promise<void> {
    const generation = this.generation;
    await this.creating.get(id)?.catch(() => undefined);
    const stillEmpty = () =>
      generation === this.generation &&
      this.deps.store.getState().selectedNoteId !== id &&
      this.textOf(id) === '' &&
      !this.documents.get(id)?.hasUnsent &&
      this.textDrafts.text(id) === undefined;
    if (!stillEmpty()) return;
    this.deps.store.dispatch({ type: 'noteDeleted', id });
    if (this.deps.queue.isPendingCreate(id)) {
      await this.deps.queue.add({ noteId: id, kind: 'delete' });
      return;
    }
    try {
      await this.deps.api.deleteNote(this.token, id);
      const trashed = (await this.deps.api.fetchTrash(this.token)).find((note) => note.id === id);
      if (trashed?.body === '') await this.deps.api.purgeFromTrash(this.token, id);
    } catch (error) {
      if (error instanceof NoteRequestError && error.status === 404) return;
      if (unreachable(error)) await this.deps.queue.add({ noteId: id, kind: 'delete' });
      else console.error(error);
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
   * Delete after the user confirmed (docs/interface.md#deleting-a-note): the note goes to the
   * trash, and a notice offers to bring it back where it was.
   */
  async delete(id: NoteId): Promise<void> {
    const generation = this.generation;
    // A create still on its way goes first: the delete follows it to the server.
    await this.creating.get(id)?.catch(() => undefined);
    if (generation !== this.generation) return;
    const place = this.placeOf(id);
    if (this.deps.queue.isPendingCreate(id)) {
      // Words typed in it go to the server and on to the trash; an empty note is just dropped.
      const words = (this.textOf(id) ?? '').trim() !== '';
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

  /**
   * A change typed as plain text (docs/interface.md#typing-in-a-note), made in the text shown:
   * into the note's document when that is the text it holds, the edits as typed (or, from the
   * plain text box that stands in while the editor loads, the one change it made); otherwise
   * kept as steps from the note shown until its document is had at that revision. An editor
   * bound to the document never calls this: its typing is in the document.
   */
  edit(id: NoteId, text: string, edits?: TextEdit[]): void {
    const note = this.deps.store.getState().notes.get(id);
    if (!note) return;
    // The change was made in the text shown.
    const shown = this.textOf(id) ?? note.body;
    const doc = this.documentOf(id);
    // A document behind the text shown (words saved since, not in it yet) would take the edits
    // at other places: they wait with the note shown as their base, as keys typed before it came.
    if (doc && (doc.body === shown || doc.hasUnsent)) {
      doc.typeSteps([edits ?? [rangeEdit(doc.body, text)]]);
      return;
    }
    // While earlier keys wait as text, these wait with them, so all go in in the order typed.
    this.typedAt.set(id, Date.now());
    this.textDrafts.typed(note, text, edits ?? [rangeEdit(shown, text)]);
    this.deps.onTyped?.(id, shown, text);
    if (!this.textDrafts.converting(id)) void this.openDocument(id).then(() => this.bring(id));
  }

  /**
   * A newer version from elsewhere: the note's document here takes in its update (or catches
   * up), so what is typed here and there both stay, and the note changes in the same dispatch.
   */
  liveUpdate(note: Note, update?: string): void {
    const { store } = this.deps;
    const newer = isNewer(store.getState(), note);
    if (newer) this.documents.tookIn(note.id, note.revision, update);
    store.dispatch({ type: 'noteUpdated', note, unsaved: this.unsaved() });
  }

  /**
   * A live "delete". A note being written in here is brought straight back from the trash,
   * and stays open: the words typed before and after the delete all go to it (docs/sync.md).
   */
  removed(id: NoteId): void {
    if (this.isBeingWritten(id)) {
      void this.rescue(id);
      return;
    }
    this.deps.store.dispatch({ type: 'noteDeleted', id });
  }

  /** Typed in here within the last minute, or with something not saved yet. */
  private isBeingWritten(id: NoteId): boolean {
    const unsaved = this.documents.get(id)?.hasUnsent || this.textDrafts.text(id) !== undefined;
    return unsaved || Date.now() - (this.typedAt.get(id) ?? 0) < WRITING_MS;
  }

  /** The note's text as this page has it: its document's, its draft's, or the note's. */
  private textOf(id: NoteId): string | undefined {
    const state = this.deps.store.getState();
    const note = state.notes.get(id);
    return note && selectEditorText(state, note);
  }

  /** Something was typed into a note's document here. */
  private typedIn(noteId: NoteId): void {
    const before = this.textOf(noteId);
    this.typedAt.set(noteId, Date.now());
    this.saver.schedule(noteId);
    const after = this.documents.get(noteId)?.body ?? '';
    this.showUnsaved(noteId);
    this.deps.onTyped?.(noteId, before, after);
  }

  /** A document came, went or changed: the state shows its text, and the editor follows. */
  private documentChanged(noteId: NoteId): void {
    this.showUnsaved();
    for (const watcher of this.documentWatchers) watcher(noteId);
  }

  /**
   * The texts this page has that the notes held do not (documents ahead of them, text typed
   * before a document), and the save status, as the state shows them.
   */
  private unsaved() {
    const { notes } = this.deps.store.getState();
    const drafts: Record<NoteId, string> = {};
    for (const noteId of this.textDrafts.noteIds()) {
      drafts[noteId] = this.textDrafts.text(noteId) as string;
    }
    for (const noteId of this.documents.heldIds()) {
      const doc = this.documents.get(noteId);
      const note = notes.get(noteId);
      if (!doc || doc.body === note?.body) continue;
      // A document behind the note (kept on the device before its last save) shows nothing the
      // note lacks: the note's newer text stays shown until the document catches up.
      const ahead = !note || doc.hasUnsent || doc.revision >= note.revision;
      if (ahead) drafts[noteId] = doc.body;
    }
    const saveStatus = this.textDrafts.noteIds().length > 0 ? 'saving' : this.saver.status();
    return { drafts, saveStatus };
  }

  /** Shows what is unsaved; `edited`: the note typed in, which goes to the top of the list. */
  private showUnsaved(edited?: NoteId): void {
    this.deps.store.dispatch({ type: 'draftsChanged', ...this.unsaved(), edited });
  }

  /** Text typed before its document came is in it now: the document is saved as usual. */
  private bring(id: NoteId): void {
    if (this.documents.get(id)?.hasUnsent) this.saver.schedule(id);
    this.showUnsaved();
  }

  /** A note from a restore (trash or history), answered to this client. */
  restored(note: Note): void {
    this.deps.store.dispatch({ type: 'noteRestored', note });
  }

  /**
   * The connection is back: saves waiting for their next try go now, text typed offline goes
   * into its documents, and the documents held catch up.
   */
  retrySaves(): void {
    this.saver.retryNow();
    void this.textDrafts.convertAll().then(() => this.showUnsaved());
    this.documents.catchUpAll();
  }

  hasUnsaved(): boolean {
    return this.saver.hasUnsaved() || this.textDrafts.noteIds().length > 0;
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
    this.leftEmpty.clear();
    this.created.length = 0;
    this.lastDeleted = null;
    this.typedAt.clear();
    this.lists.reset();
    this.saver.reset();
    this.documents.reset();
    this.textDrafts.reset();
  }

  private async rescue(id: NoteId): Promise<void> {
    const generation = this.generation;
    try {
      const note = await this.deps.api.restoreFromTrash(this.token, id);
      if (generation !== this.generation) return;
      this.deps.store.dispatch({ type: 'noteRestored', note });
      this.deps.notices.show(
        `“${titleOf(note.body)}” was deleted on another device while you were writing in it. It is back, with all your text.`,
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

/** The one range `after` changed in `before`, as an edit. */
function rangeEdit(before: string, after: string): TextEdit {
  const { start, end, insert } = changedRange(before, after);
  return { at: start, remove: end - start, insert };
}
