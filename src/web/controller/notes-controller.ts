import type { Note, NoteId } from '../../shared/note.js';
import { isSessionExpired, isTransientFailure, NoteRequestError } from '../api/api-errors.js';
import { NetworkError } from '../api/http-client.js';
import type { QuireApi } from '../api/quire-api.js';
import { NoteSaver } from '../saving/note-saver.js';
import type { AppStore } from '../state/store.js';
import { ChangeTracker } from './change-tracker.js';
import { errorNotice, type NoticeTimer } from './notices.js';

export interface NotesControllerDeps {
  api: QuireApi;
  store: AppStore;
  notices: NoticeTimer;
  /** A 401 from any call: the session is over. */
  onSessionExpired(): void;
}

/**
 * The notes of one session: list, create, delete, save, and the live events, all turned into
 * reducer actions. Answers that arrive after `reset()` (log out) are dropped.
 */
export class NotesController {
  private readonly deps: NotesControllerDeps;
  private readonly saver: NoteSaver;
  private readonly changes = new ChangeTracker();
  private generation = 0;
  private listsRequested = 0;
  private listsApplied = 0;

  constructor(deps: NotesControllerDeps) {
    this.deps = deps;
    this.saver = new NoteSaver({
      save: (id, text) => this.sendUpdate(id, text),
      onSaved: (note) => this.applyNote(note),
      onFailed: (id, error) => this.saveFailed(id, error),
      onChange: () =>
        deps.store.dispatch({
          type: 'draftsChanged',
          drafts: this.saver.pendingTexts(),
          saveStatus: this.saver.status(),
        }),
      isTransient: isTransientFailure,
    });
  }

  private get token(): string {
    return this.deps.store.getState().token;
  }

  /** GET /api/notes (spec §4.7); an older answer never replaces a newer one. */
  async refresh(): Promise<void> {
    const generation = this.generation;
    const request = ++this.listsRequested;
    const mark = this.changes.mark();
    try {
      const notes = await this.deps.api.fetchNotes(this.token);
      if (generation !== this.generation || request < this.listsApplied) return;
      this.listsApplied = request;
      const fresherIds = this.changes.changedSince(mark);
      this.deps.store.dispatch({ type: 'notesLoaded', notes, fresherIds });
    } catch (error) {
      if (generation === this.generation) this.failed(error, 'Could not load your notes.');
    }
  }

  /** "New" (spec §4.3): the created note goes first and is selected. */
  async create(): Promise<void> {
    const generation = this.generation;
    try {
      const note = await this.deps.api.createNote(this.token);
      if (generation !== this.generation) return;
      this.changes.changed(note.id);
      this.deps.store.dispatch({ type: 'noteCreated', note });
    } catch (error) {
      if (generation === this.generation) this.failed(error, 'Could not create a note.');
    }
  }

  /** Delete after the user confirmed (spec §4.4); a note already gone counts as deleted. */
  async delete(id: NoteId): Promise<void> {
    const generation = this.generation;
    try {
      await this.deps.api.deleteNote(this.token, id);
      if (generation === this.generation) this.removed(id);
    } catch (error) {
      if (generation !== this.generation) return;
      if (error instanceof NoteRequestError && error.status === 404) this.removed(id);
      else this.failed(error, 'Could not delete the note.');
    }
  }

  /** An editor change (spec §4.5): saved when it differs from the stored body. */
  edit(id: NoteId, text: string): void {
    const note = this.deps.store.getState().notes[id];
    if (note) this.saver.edit(id, note.body, text);
  }

  /** A live "update": applied unless it is a late echo of text this client has replaced. */
  liveUpdate(note: Note): void {
    if (!this.saver.isStaleEcho(note.id, note.body)) this.applyNote(note);
  }

  /** A live "delete", or a note found missing. */
  removed(id: NoteId): void {
    this.saver.forget(id);
    this.deps.store.dispatch({ type: 'noteDeleted', id });
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

  /** Forgets everything of the session (log out). */
  reset(): void {
    this.generation += 1;
    this.changes.clear();
    this.saver.reset();
  }

  /** A newer version from a save or a live event; a list requested before it will not undo it. */
  private applyNote(note: Note): void {
    this.changes.changed(note.id);
    this.deps.store.dispatch({ type: 'noteUpdated', note });
  }

  private sendUpdate(id: NoteId, text: string): Promise<Note> {
    const note = this.deps.store.getState().notes[id];
    if (!note) return Promise.reject(new NoteRequestError(404));
    return this.deps.api.updateNote(this.token, { ...note, body: text });
  }

  private saveFailed(id: NoteId, error: unknown): void {
    if (error instanceof NoteRequestError && error.status === 404) {
      this.removed(id);
      this.deps.notices.show('That note was deleted elsewhere.', 'info');
      return;
    }
    const tooBig = error instanceof NoteRequestError && error.status === 413;
    this.failed(error, tooBig ? 'This note is too large to save.' : 'Could not save.');
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
