import type { Note, NoteId } from '../../shared/note.js';
import { type BackoffOptions, backoffDelay } from '../api/backoff.js';
import type { SaveStatus } from '../state/app-state.js';

export interface NoteSaverOptions {
  /** Sends one update (PUT) of the note with this body; resolves with the stored note. */
  save(noteId: NoteId, text: string): Promise<Note>;
  /** The server stored a version; called before the draft it settles disappears. */
  onSaved(note: Note): void;
  /** A save failed in a way that waiting will not fix (the draft stays, marked failed). */
  onFailed(noteId: NoteId, error: unknown): void;
  /** Drafts or the status changed. */
  onChange(): void;
  /** Whether a failure is worth retrying later (network down, 5xx). */
  isTransient(error: unknown): boolean;
  retryBackoff?: BackoffOptions;
}

interface Draft {
  /** The newest text typed; what the server must end up with. */
  latest: string;
  /** Text of the update in flight, if one is. */
  sending: string | null;
  attempt: number;
  retryTimer: ReturnType<typeof setTimeout> | undefined;
  failed: boolean;
}

interface SentHistory {
  texts: string[];
  expiry: ReturnType<typeof setTimeout> | undefined;
}

const RETRY_BACKOFF: BackoffOptions = { baseMs: 500, maxMs: 10_000 };
const HISTORY_LENGTH = 8;
const HISTORY_KEEP_MS = 10_000;

/**
 * Saves edits in order without losing any: per note at most one update is in flight, edits made
 * meanwhile merge into the next one (latest text wins), and failed saves retry with backoff
 * until the server holds the last text typed.
 */
export class NoteSaver {
  private readonly drafts = new Map<NoteId, Draft>();
  private readonly sent = new Map<NoteId, SentHistory>();
  private savedOnce = false;
  private readonly options: NoteSaverOptions;

  constructor(options: NoteSaverOptions) {
    this.options = options;
  }

  /**
   * An editor change. Issues an update when the text differs from the stored body, or when
   * earlier edits of the note are still on their way (the server must end with this text).
   */
  edit(noteId: NoteId, storedBody: string, text: string): boolean {
    let draft = this.drafts.get(noteId);
    if (!draft) {
      if (text === storedBody) return false;
      draft = { latest: text, sending: null, attempt: 0, retryTimer: undefined, failed: false };
      this.drafts.set(noteId, draft);
    }
    draft.latest = text;
    draft.failed = false;
    if (draft.sending === null && draft.retryTimer === undefined) this.send(noteId, draft);
    this.options.onChange();
    return true;
  }

  /** Unsaved text of a note, if any. */
  pendingText(noteId: NoteId): string | undefined {
    return this.drafts.get(noteId)?.latest;
  }

  /** Every unsaved text by note, for the state. */
  pendingTexts(): Record<NoteId, string> {
    const texts: Record<NoteId, string> = {};
    for (const [id, draft] of this.drafts) texts[id] = draft.latest;
    return texts;
  }

  hasUnsaved(): boolean {
    return this.drafts.size > 0;
  }

  status(): SaveStatus {
    let saving = false;
    let failed = false;
    for (const draft of this.drafts.values()) {
      if (draft.retryTimer !== undefined) return 'retrying';
      if (draft.failed) failed = true;
      else saving = true;
    }
    if (saving) return 'saving';
    if (failed) return 'failed';
    return this.savedOnce ? 'saved' : 'idle';
  }

  /**
   * True for a note body this client sent earlier and has since overwritten: an echo that came
   * late must not replace the newer text.
   */
  isStaleEcho(noteId: NoteId, body: string): boolean {
    const texts = this.sent.get(noteId)?.texts;
    if (!texts || texts.length === 0) return false;
    return body !== texts[texts.length - 1] && texts.includes(body);
  }

  /** Retries waiting saves now, e.g. when the connection is back. */
  retryNow(): void {
    for (const [noteId, draft] of this.drafts) {
      if (draft.retryTimer === undefined) continue;
      clearTimeout(draft.retryTimer);
      draft.retryTimer = undefined;
      this.send(noteId, draft);
    }
    this.options.onChange();
  }

  /** Drops a note's unsaved text (the note was deleted); a late answer is ignored. */
  forget(noteId: NoteId): void {
    const draft = this.drafts.get(noteId);
    if (draft) clearTimeout(draft.retryTimer);
    this.drafts.delete(noteId);
    clearTimeout(this.sent.get(noteId)?.expiry);
    this.sent.delete(noteId);
    if (draft) this.options.onChange();
  }

  /** Drops everything (log out). */
  reset(): void {
    for (const noteId of [...this.drafts.keys(), ...this.sent.keys()]) this.forget(noteId);
    this.savedOnce = false;
  }

  private send(noteId: NoteId, draft: Draft): void {
    const text = draft.latest;
    draft.sending = text;
    this.remember(noteId, text);
    this.options.save(noteId, text).then(
      (note) => this.succeeded(noteId, draft, text, note),
      (error: unknown) => this.failed(noteId, draft, error),
    );
  }

  private succeeded(noteId: NoteId, draft: Draft, text: string, note: Note): void {
    if (this.drafts.get(noteId) !== draft) return;
    draft.sending = null;
    draft.attempt = 0;
    this.savedOnce = true;
    this.options.onSaved(note);
    if (draft.latest === text) {
      this.drafts.delete(noteId);
      this.expireHistoryLater(noteId);
    } else if (!draft.failed) {
      this.send(noteId, draft);
    }
    this.options.onChange();
  }

  private failed(noteId: NoteId, draft: Draft, error: unknown): void {
    if (this.drafts.get(noteId) !== draft) return;
    draft.sending = null;
    if (this.options.isTransient(error)) {
      const delay = backoffDelay(draft.attempt, this.options.retryBackoff ?? RETRY_BACKOFF);
      draft.attempt += 1;
      draft.retryTimer = setTimeout(() => {
        draft.retryTimer = undefined;
        if (this.drafts.get(noteId) === draft) this.send(noteId, draft);
        this.options.onChange();
      }, delay);
    } else {
      draft.failed = true;
      this.options.onFailed(noteId, error);
    }
    this.options.onChange();
  }

  private remember(noteId: NoteId, text: string): void {
    let history = this.sent.get(noteId);
    if (!history) {
      history = { texts: [], expiry: undefined };
      this.sent.set(noteId, history);
    }
    clearTimeout(history.expiry);
    history.expiry = undefined;
    history.texts.push(text);
    if (history.texts.length > HISTORY_LENGTH) history.texts.shift();
  }

  private expireHistoryLater(noteId: NoteId): void {
    const history = this.sent.get(noteId);
    if (!history) return;
    history.expiry = setTimeout(() => {
      if (this.sent.get(noteId) === history) this.sent.delete(noteId);
    }, HISTORY_KEEP_MS);
  }
}
