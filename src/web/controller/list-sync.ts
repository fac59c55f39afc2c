import type { Note } from '../../shared/note.js';
import type { NoteChangesResponse } from '../../shared/note-changes.js';
import { isSessionExpired, NoteRequestError } from '../api/api-errors.js';
import { backoffDelay } from '../api/backoff.js';
import type { QuireApi } from '../api/quire-api.js';
import type { ListMark } from '../offline/offline-store.js';
import type { DeviceCopy } from './offline-session.js';

export interface ListSyncDeps {
  api: QuireApi;
  token(): string;
  /** The top of the device's list, or of the list arriving, newest first, while the rest is read. */
  showNewest(notes: Note[]): void;
  /** The device's notes, read at start, until a list arrives; `whole` when a list named them. */
  showCached(notes: Note[], whole: boolean): void;
  /** A whole list arrived; `request` numbers it among the lists asked for. */
  listed(notes: Note[], request: number): void;
  /** A 304 at start: the device's notes, already shown, are the server's list. */
  unchanged(notes: Note[]): void;
  /** What changed after the cursor held (a reconnect). */
  changed(changes: NoteChangesResponse): void;
  /** The state now holds the list `mark` names, or newer; null: no mark names it. */
  marked(mark: ListMark | null): void;
  onSessionExpired(): void;
}

const LIST_RETRY = { baseMs: 1_000, maxMs: 30_000 };

/**
 * Keeps the notes held in step with the server's list: the whole list at start (conditional on
 * the device's copy), and on reconnect only what changed since the cursor held.
 * Cursors and etags are the server's opaque strings: kept and sent back, never read.
 */
export class ListSync {
  /** Lists asked for so far; an answer older than the last one applied is dropped. */
  requested = 0;
  private applied = 0;
  private generation = 0;
  /** Names the list the state holds (or an older one): its etag and cursor. */
  private mark: ListMark | null = null;
  private copy: DeviceCopy | null = null;
  private copyShown: Promise<void> = Promise.resolve();
  private listing: Promise<void> = Promise.resolve();
  private retry: ReturnType<typeof setTimeout> | undefined;
  private attempt = 0;

  constructor(private readonly deps: ListSyncDeps) {}

  /** A session starts: the device's notes show once read, and the whole list is asked for. */
  start(copy: DeviceCopy): Promise<void> {
    const { generation } = this;
    this.copy = copy;
    void copy.newest.then((notes) => {
      if (generation === this.generation && this.applied === 0) this.deps.showNewest(notes);
    });
    this.copyShown = copy.notes.then(({ notes, mark }) => {
      if (generation !== this.generation || this.applied > 0) return;
      this.deps.showCached(notes, mark !== null);
      this.mark = mark;
    });
    return this.refresh();
  }

  /**
   * `GET /api/notes`; a failure keeps what is shown and asks again later
   * (docs/interface.md#refreshing-the-list).
   */
  refresh(conditional = true): Promise<void> {
    this.listing = this.fetchList(conditional);
    return this.listing;
  }

  /** The socket is back: only what changed after the cursor held, else the whole list. */
  async resync(): Promise<void> {
    const { generation } = this;
    // A list on its way, or the device's copy, brings the cursor to ask from.
    await this.listing;
    await this.copyShown;
    const since = this.mark?.cursor;
    if (generation !== this.generation) return;
    if (!since) return this.refresh();
    const request = ++this.requested;
    try {
      const changes = await this.deps.api.fetchNoteChanges(this.deps.token(), since);
      if (generation !== this.generation || request < this.applied) return;
      this.settled(request);
      this.deps.changed(changes);
      // The etag names the list before these changes: it stays right only if there were none.
      const none = changes.results.length === 0 && changes.deleted.length === 0;
      this.keep({ etag: none ? (this.mark?.etag ?? null) : null, cursor: changes.cursor });
    } catch (error) {
      if (generation !== this.generation) return;
      if (isSessionExpired(error)) return this.deps.onSessionExpired();
      if (error instanceof NoteRequestError && error.status === 400) {
        this.mark = null; // a cursor the server cannot use: the whole list instead
        return this.refresh(false);
      }
      this.failed(error, () => this.resync());
    }
  }

  /** Forgets the session (log out, ended session). */
  reset(): void {
    this.generation += 1;
    this.applied = 0;
    this.mark = null;
    this.copy = null;
    this.copyShown = Promise.resolve();
    this.listing = Promise.resolve();
    clearTimeout(this.retry);
    this.attempt = 0;
  }

  private async fetchList(conditional: boolean): Promise<void> {
    const { generation, copy } = this;
    const request = ++this.requested;
    clearTimeout(this.retry);
    try {
      // Until a list is applied, the notes shown are the device's: ask whether they are current.
      const held = this.applied === 0 ? await copy?.mark : this.mark;
      const etag = conditional ? (held?.etag ?? null) : null;
      // Until a list is applied, its first screen shows as soon as it arrives.
      const showTop = (notes: Note[]) => {
        if (generation === this.generation && this.applied === 0) this.deps.showNewest(notes);
      };
      const answer = await this.deps.api.fetchNoteList(
        this.deps.token(),
        etag,
        this.applied === 0 ? showTop : undefined,
      );
      if (generation !== this.generation || request < this.applied) return;
      if (answer.notes === null) {
        if (this.applied === 0) {
          const stored = await copy?.notes;
          if (generation !== this.generation || request < this.applied) return;
          // The stored notes could not all be read: a 304 about them says nothing.
          if (!stored || stored.mark?.etag !== etag) return this.refresh(false);
          this.deps.unchanged(stored.notes);
        }
        this.settled(request);
        this.keep({ etag: answer.etag ?? etag, cursor: answer.cursor ?? held?.cursor ?? null });
        return;
      }
      this.settled(request);
      this.deps.listed(answer.notes, request);
      this.keep({ etag: answer.etag, cursor: answer.cursor });
    } catch (error) {
      if (generation !== this.generation) return;
      if (isSessionExpired(error)) return this.deps.onSessionExpired();
      this.failed(error, () => this.refresh());
    }
  }

  private settled(request: number): void {
    this.applied = request;
    this.attempt = 0;
    clearTimeout(this.retry);
  }

  private keep(mark: ListMark): void {
    this.mark = mark.etag === null && mark.cursor === null ? null : mark;
    this.deps.marked(this.mark);
  }

  private failed(error: unknown, again: () => Promise<void>): void {
    console.error(error);
    clearTimeout(this.retry);
    this.retry = setTimeout(() => void again(), backoffDelay(this.attempt++, LIST_RETRY));
  }
}
