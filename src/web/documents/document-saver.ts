import { fromBase64, toBase64 } from '../../shared/base64.js';
import type { NoteId } from '../../shared/note.js';
import { NoteRequestError } from '../api/api-errors.js';
import { type BackoffOptions, backoffDelay } from '../api/backoff.js';
import type { NoteEdit, SaveAnswer } from '../api/note-save.js';
import type { SaveStatus } from '../state/app-state.js';
import type { LocalDocument } from './local-document.js';

/**
 * One save of a document, a part of the save request: the note's new body, the revision the
 * document holds every update of (none when it is not known), and the updates.
 */
export type DocumentSave = Pick<NoteEdit, 'id' | 'body' | 'revision'> &
  Required<Pick<NoteEdit, 'sync'>>;

export interface DocumentSaverOptions {
  /** Sends one save (`PUT /api/notes` with the whole note, and the updates beside it). */
  save(request: DocumentSave): Promise<SaveAnswer>;
  /** The note's document on this device, if it has one. */
  documentOf(noteId: NoteId): LocalDocument | undefined;
  /** The server holds these updates now: the device's copies (by key) can go. */
  acknowledged(noteId: NoteId, keys: number[]): void;
  /** The server stored a version (or found the note as it was). */
  onSaved(noteId: NoteId, answer: SaveAnswer): void;
  /** A save failed in a way that waiting will not fix (the updates stay on the device). */
  onFailed(noteId: NoteId, error: unknown): void;
  /** What waits to be saved, or the status, changed. */
  onChange(): void;
  /** Whether a failure is worth retrying later (network down, 5xx). */
  isTransient(error: unknown): boolean;
  retryBackoff?: BackoffOptions;
}

interface Saving {
  sending: boolean;
  attempt: number;
  retryTimer: ReturnType<typeof setTimeout> | undefined;
  failed: boolean;
  /** The server lacked what the updates build on: send the whole state next. */
  whole: boolean;
}

const RETRY_BACKOFF: BackoffOptions = { baseMs: 500, maxMs: 10_000 };

/** The server could not place an update: it lacks text the device holds. */
const isMissingHistory = (error: unknown) =>
  error instanceof NoteRequestError && error.code === 'missing_history';

/**
 * Saves what is typed into notes' documents, in order and without losing any: per note at
 * most one save is in flight, updates typed meanwhile go with the next one, and failed saves
 * retry with backoff until the server has acknowledged every update typed here. What was sent
 * is the updates themselves, so sending one twice (an answer lost) changes nothing.
 */
export class DocumentSaver {
  private readonly saving = new Map<NoteId, Saving>();
  /** Who waits for a note's updates to reach the server (a delete that must follow them). */
  private readonly waiting = new Map<NoteId, { done(): void; stopped(error: Error): void }[]>();
  private savedOnce = false;

  constructor(private readonly options: DocumentSaverOptions) {}

  /** Something was typed into the note's document: it is saved. */
  schedule(noteId: NoteId): void {
    let saving = this.saving.get(noteId);
    if (!saving) {
      saving = { sending: false, attempt: 0, retryTimer: undefined, failed: false, whole: false };
      this.saving.set(noteId, saving);
    }
    saving.failed = false;
    if (!saving.sending && saving.retryTimer === undefined) this.send(noteId, saving);
    this.options.onChange();
  }

  /**
   * Resolves once the server holds every update typed here into the note (at once when there
   * is none); rejects when its save failed for good or saving stopped.
   */
  settled(noteId: NoteId): Promise<void> {
    const saving = this.saving.get(noteId);
    if (!saving) return Promise.resolve();
    if (saving.failed) return Promise.reject(new Error('The note could not be saved'));
    return new Promise((done, stopped) => {
      const waiters = this.waiting.get(noteId) ?? [];
      waiters.push({ done, stopped });
      this.waiting.set(noteId, waiters);
    });
  }

  /** The notes with something not yet saved. */
  unsavedIds(): NoteId[] {
    return [...this.saving.keys()];
  }

  hasUnsaved(): boolean {
    return this.saving.size > 0;
  }

  status(): SaveStatus {
    let sending = false;
    let failed = false;
    for (const saving of this.saving.values()) {
      if (saving.retryTimer !== undefined) return 'retrying';
      if (saving.failed) failed = true;
      else sending = true;
    }
    if (sending) return 'saving';
    if (failed) return 'failed';
    return this.savedOnce ? 'saved' : 'idle';
  }

  /** Sends waiting saves now (the connection is back), or only this note's. */
  retryNow(noteId?: NoteId): void {
    for (const [id, saving] of this.saving) {
      if (noteId !== undefined && id !== noteId) continue;
      if (saving.sending || (saving.retryTimer === undefined && !saving.failed)) continue;
      clearTimeout(saving.retryTimer);
      saving.retryTimer = undefined;
      saving.failed = false;
      this.send(id, saving);
    }
    this.options.onChange();
  }

  /** Stops saving (the session ended). The updates stay on the device for the next session. */
  reset(): void {
    for (const saving of this.saving.values()) clearTimeout(saving.retryTimer);
    this.saving.clear();
    for (const noteId of [...this.waiting.keys()]) this.wake(noteId, new Error('Saving stopped'));
    this.savedOnce = false;
  }

  /** The note went elsewhere (its text became a new note): nothing of it is left to save. */
  forget(noteId: NoteId): void {
    const saving = this.saving.get(noteId);
    if (saving) clearTimeout(saving.retryTimer);
    this.saving.delete(noteId);
    this.wake(noteId);
  }

  private send(noteId: NoteId, saving: Saving): void {
    const doc = this.options.documentOf(noteId);
    if (!doc?.hasUnsent) {
      this.settle(noteId, saving);
      return;
    }
    const { update, count } = doc.unsent();
    const sent = saving.whole ? doc.state() : update;
    saving.sending = true;
    const request: DocumentSave = {
      id: noteId,
      body: doc.body,
      revision: doc.revision > 0 ? doc.revision : undefined,
      sync: { update: toBase64(sent), vector: toBase64(doc.vector()) },
    };
    this.options.save(request).then(
      (answer) => this.succeeded(noteId, saving, doc, count, answer),
      (error: unknown) => this.failed(noteId, saving, error),
    );
  }

  private async succeeded(
    noteId: NoteId,
    saving: Saving,
    doc: LocalDocument,
    count: number,
    answer: SaveAnswer,
  ): Promise<void> {
    if (this.saving.get(noteId) !== saving) return;
    saving.attempt = 0;
    saving.whole = false;
    this.savedOnce = true;
    if (answer.note.id === noteId) {
      if (answer.missing !== undefined) doc.applyFromServer(fromBase64(answer.missing));
      doc.revision = Math.max(doc.revision, answer.note.revision);
    }
    const acknowledged = doc.acknowledge(count);
    this.options.onSaved(noteId, answer);
    // Still sending until the device's copies are known: typing meanwhile goes with the next.
    this.options.acknowledged(noteId, await acknowledged);
    saving.sending = false;
    if (this.saving.get(noteId) !== saving) return;
    if (answer.note.id === noteId && doc.hasUnsent && !saving.failed) this.send(noteId, saving);
    else this.settle(noteId, saving);
    this.options.onChange();
  }

  private failed(noteId: NoteId, saving: Saving, error: unknown): void {
    if (this.saving.get(noteId) !== saving) return;
    saving.sending = false;
    if (isMissingHistory(error) && !saving.whole) {
      saving.whole = true;
      this.send(noteId, saving);
    } else if (this.options.isTransient(error)) {
      const delay = backoffDelay(saving.attempt, this.options.retryBackoff ?? RETRY_BACKOFF);
      saving.attempt += 1;
      saving.retryTimer = setTimeout(() => {
        saving.retryTimer = undefined;
        if (this.saving.get(noteId) === saving) this.send(noteId, saving);
        this.options.onChange();
      }, delay);
    } else {
      saving.failed = true;
      this.wake(noteId, new Error('The note could not be saved'));
      this.options.onFailed(noteId, error);
    }
    this.options.onChange();
  }

  /** The server holds every update typed here: done, for those waiting too. */
  private settle(noteId: NoteId, saving: Saving): void {
    if (this.saving.get(noteId) === saving) this.saving.delete(noteId);
    this.wake(noteId);
  }

  /** Tells those waiting for the note: its updates are saved, or (with an error) they will not be. */
  private wake(noteId: NoteId, error?: Error): void {
    const waiters = this.waiting.get(noteId);
    if (!waiters) return;
    this.waiting.delete(noteId);
    for (const waiter of waiters) {
      if (error) waiter.stopped(error);
      else waiter.done();
    }
  }
}
