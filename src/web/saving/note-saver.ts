import { composeEdits, type EditStep } from '../../shared/exact-edits.js';
import type { Note, NoteId } from '../../shared/note.js';
import { rebaseText } from '../../shared/rebase-text.js';
import { type TextEdit, textEdits } from '../../shared/text-edits.js';
import { type BackoffOptions, backoffDelay } from '../api/backoff.js';
import type { SaveAnswer } from '../api/note-save.js';
import type { StoredDraft } from '../drafts/draft-store.js';
import type { SaveStatus } from '../state/app-state.js';

export interface NoteSaverOptions {
  /** Sends one update of the note: this text, edited from `baseRevision`. */
  save(draft: StoredDraft): Promise<SaveAnswer>;
  /** Keeps the unsaved text on this device; a save waits for it before it goes. */
  persist(draft: StoredDraft): Promise<void>;
  /** The server holds the text now; the kept copy can go. */
  discard(noteId: NoteId): Promise<void>;
  /** The server stored a version; called before the draft it settles disappears. */
  onSaved(noteId: NoteId, result: SaveAnswer): void;
  /** A save failed in a way that waiting will not fix (the draft stays, marked failed). */
  onFailed(noteId: NoteId, error: unknown): void;
  /** Drafts or the status changed; `edited` names the note when the user typed in it. */
  onChange(edited?: NoteId): void;
  /** Whether a failure is worth retrying later (network down, 5xx). */
  isTransient(error: unknown): boolean;
  retryBackoff?: BackoffOptions;
}

interface Draft {
  /** The newest text typed; what the server must end up with. */
  latest: string;
  /** The revision `latest` was edited from, and its text when known (not after a reload). */
  baseRevision: number;
  baseBody: string | undefined;
  /**
   * The edits, as typed, that made `latest` from the base's text, sent with it so the server
   * places each where it was made (undefined for a draft kept by an older version).
   */
  edits: TextEdit[] | undefined;
  /** Text of the update in flight, if one is, and the edits typed since it left. */
  sending: string | null;
  typedSince: TextEdit[] | undefined;
  attempt: number;
  retryTimer: ReturnType<typeof setTimeout> | undefined;
  failed: boolean;
  /** The last write of this draft to the device's storage, and what it wrote. */
  written: Promise<void>;
  kept: { text: string; baseRevision: number } | null;
  /** A write of the text typed while a save is on its way, once typing pauses. */
  keepTimer: ReturnType<typeof setTimeout> | undefined;
}

const RETRY_BACKOFF: BackoffOptions = { baseMs: 500, maxMs: 10_000 };
/**
 * In a long note, text typed while a save is on its way goes to the device after this pause, not
 * at every key: in a 1 MB note a write per key is a 1 MB copy per key. Every text is written
 * before it is sent.
 */
const KEEP_PAUSE_MS = 250;
/** Below this many characters a write per key costs little: every key is on the device at once. */
const KEEP_AT_ONCE_CHARS = 64 * 1024;

/**
 * Saves edits in order without losing any: per note at most one update is in flight, edits made
 * meanwhile merge into the next one, every text is kept on the device before it is sent, and
 * failed saves retry with backoff until the server has acknowledged the last text typed.
 */
export class NoteSaver {
  private readonly drafts = new Map<NoteId, Draft>();
  /** Who waits for a note's last text to reach the server (a delete that must follow it). */
  private readonly waiting = new Map<NoteId, { done(): void; stopped(error: Error): void }[]>();
  private savedOnce = false;
  private readonly options: NoteSaverOptions;

  constructor(options: NoteSaverOptions) {
    this.options = options;
  }

  /**
   * An editor change of `note` (the version it shows). Saves when the text differs from it.
   * `step` is the change as the editor made it; without it (or from another text) a diff of the
   * two texts stands in.
   */
  edit(note: Note, text: string, step?: EditStep): boolean {
    let draft = this.drafts.get(note.id);
    if (!draft) {
      if (text === note.body) return false;
      draft = this.newDraft(note.id, note.body, note.revision, note.body, []);
    }
    const before = draft.latest;
    let edits: TextEdit[];
    if (!step) edits = textEdits(before, text);
    else if (step.before === before) edits = step.edits;
    else {
      // Typed into a text the draft has moved on from (a merge had not reached the editor yet):
      // the key is carried onto the draft, as typing is onto a merge.
      ({ text, edits } = rebaseText(step.before, before, text, step.edits));
    }
    draft.edits = draft.edits && composeEdits(draft.edits, edits);
    if (draft.sending !== null) {
      draft.typedSince = draft.typedSince && composeEdits(draft.typedSince, edits);
    }
    draft.latest = text;
    draft.failed = false;
    if (draft.sending === null && draft.retryTimer === undefined) this.send(note.id, draft);
    // Waiting to retry, or a short note: on the device with the key. A long note: after a pause.
    else if (draft.sending === null || text.length < KEEP_AT_ONCE_CHARS) this.keep(note.id, draft);
    else this.keepSoon(note.id, draft);
    this.options.onChange(note.id);
    return true;
  }

  /** A draft kept from an earlier session: saved now, merging on the server. */
  resume(stored: StoredDraft): void {
    if (this.drafts.has(stored.noteId)) return;
    const { noteId, text, baseRevision, edits } = stored;
    const draft = this.newDraft(noteId, text, baseRevision, undefined, edits);
    this.send(stored.noteId, draft);
    this.options.onChange();
  }

  /**
   * A newer version of a note arrived from elsewhere. Unsaved text is carried onto it when its
   * base text is known and no save is on its way (whose answer will bring the merge instead).
   * Returns false when the note has no unsaved text here. `quiet`: the caller reports the
   * change itself, with the note, in one change of the state.
   */
  remoteUpdate(note: Note, { quiet = false } = {}): boolean {
    const draft = this.drafts.get(note.id);
    if (!draft) return false;
    if (draft.sending !== null || draft.baseBody === undefined) return true;
    if (note.revision <= draft.baseRevision) return true;
    this.rebase(draft, rebaseText(draft.baseBody, note.body, draft.latest, draft.edits), note);
    if (draft.latest === note.body) this.settle(note.id, draft);
    else {
      this.keep(note.id, draft);
      if (draft.retryTimer === undefined) this.send(note.id, draft);
    }
    if (!quiet) this.options.onChange();
    return true;
  }

  /**
   * Resolves once the server holds the note's last text typed here (at once when there is
   * none); rejects when its save failed for good or saving stopped.
   */
  settled(noteId: NoteId): Promise<void> {
    const draft = this.drafts.get(noteId);
    if (!draft) return Promise.resolve();
    if (draft.failed) return Promise.reject(new Error('The note could not be saved'));
    return new Promise((done, stopped) => {
      const waiters = this.waiting.get(noteId) ?? [];
      waiters.push({ done, stopped });
      this.waiting.set(noteId, waiters);
    });
  }

  /** Tells those waiting for the note: its text is saved, or (with an error) it will not be. */
  private wake(noteId: NoteId, error?: Error): void {
    const waiters = this.waiting.get(noteId);
    if (!waiters) return;
    this.waiting.delete(noteId);
    for (const waiter of waiters) {
      if (error) waiter.stopped(error);
      else waiter.done();
    }
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

  /** Sends waiting saves now (the connection is back), or only this note's. */
  retryNow(noteId?: NoteId): void {
    for (const [id, draft] of this.drafts) {
      if (noteId !== undefined && id !== noteId) continue;
      if (draft.sending !== null || (draft.retryTimer === undefined && !draft.failed)) continue;
      clearTimeout(draft.retryTimer);
      draft.retryTimer = undefined;
      draft.failed = false;
      this.send(id, draft);
    }
    this.options.onChange();
  }

  /** Writes to the device now every text typed since its last write (the page is going away). */
  keepUnwritten(): void {
    for (const [id, draft] of this.drafts) if (draft.keepTimer !== undefined) this.keep(id, draft);
  }

  /** Stops saving (the session ended). Kept drafts stay on the device for the next session. */
  reset(): void {
    this.keepUnwritten();
    for (const draft of this.drafts.values()) clearTimeout(draft.retryTimer);
    this.drafts.clear();
    for (const noteId of [...this.waiting.keys()]) this.wake(noteId, new Error('Saving stopped'));
    this.savedOnce = false;
  }

  private newDraft(
    noteId: NoteId,
    text: string,
    base: number,
    baseBody: string | undefined,
    edits: TextEdit[] | undefined,
  ) {
    const draft: Draft = {
      latest: text,
      baseRevision: base,
      baseBody,
      edits,
      sending: null,
      typedSince: undefined,
      attempt: 0,
      retryTimer: undefined,
      failed: false,
      written: Promise.resolve(),
      kept: null,
      keepTimer: undefined,
    };
    this.drafts.set(noteId, draft);
    return draft;
  }

  private keepSoon(noteId: NoteId, draft: Draft): void {
    if (draft.keepTimer !== undefined) return;
    draft.keepTimer = setTimeout(() => {
      draft.keepTimer = undefined;
      if (this.drafts.get(noteId) === draft) this.keep(noteId, draft);
    }, KEEP_PAUSE_MS);
  }

  private keep(noteId: NoteId, draft: Draft): void {
    clearTimeout(draft.keepTimer);
    draft.keepTimer = undefined;
    const { latest: text, baseRevision, edits } = draft;
    draft.kept = { text, baseRevision };
    draft.written = this.options.persist({ noteId, text, baseRevision, edits }).catch((error) => {
      // Saving goes on without a device copy (e.g. storage full or disabled).
      console.error(error);
    });
  }

  private send(noteId: NoteId, draft: Draft): void {
    // Whatever path leads here, the text is on the device before it is sent.
    const { kept } = draft;
    if (kept?.text !== draft.latest || kept.baseRevision !== draft.baseRevision) {
      this.keep(noteId, draft);
    }
    const { latest: text, baseRevision, edits } = draft;
    draft.sending = text;
    draft.typedSince = [];
    draft.written
      .then(() => this.options.save({ noteId, text, baseRevision, edits }))
      .then(
        (result) => this.succeeded(noteId, draft, text, result),
        (error: unknown) => this.failed(noteId, draft, error),
      );
  }

  private succeeded(noteId: NoteId, draft: Draft, sent: string, result: SaveAnswer): void {
    if (this.drafts.get(noteId) !== draft) return;
    const { note } = result;
    draft.sending = null;
    draft.attempt = 0;
    this.savedOnce = true;
    this.options.onSaved(noteId, result);
    if (note.id !== noteId) this.move(noteId, note.id, draft);
    this.rebase(draft, rebaseText(sent, note.body, draft.latest, draft.typedSince), note);
    if (draft.latest === note.body) this.settle(note.id, draft);
    else if (!draft.failed) {
      this.keep(note.id, draft);
      this.send(note.id, draft);
    }
    this.options.onChange();
  }

  /** The draft, carried onto `note`: its text, and the edits that make it from the note's. */
  private rebase(draft: Draft, carried: { text: string; edits: TextEdit[] }, note: Note): void {
    draft.latest = carried.text;
    draft.edits = carried.edits;
    draft.baseRevision = note.revision;
    draft.baseBody = note.body;
  }

  /** The text went to a new note: the draft follows it there. */
  private move(fromId: NoteId, toId: NoteId, draft: Draft): void {
    this.drafts.delete(fromId);
    this.drafts.set(toId, draft);
    // The text lives on in the new note: nothing of the old one is left to wait for.
    this.wake(fromId);
    void this.options.discard(fromId).catch((error) => console.error(error));
  }

  /** The server holds the last text typed: the draft is done, here and on the device. */
  private settle(noteId: NoteId, draft: Draft): void {
    clearTimeout(draft.keepTimer);
    if (this.drafts.get(noteId) === draft) this.drafts.delete(noteId);
    this.wake(noteId);
    // Asked for now, so that it is ordered before any write of a draft typed next.
    void this.options.discard(noteId).catch((error) => console.error(error));
  }

  private failed(noteId: NoteId, draft: Draft, error: unknown): void {
    if (this.drafts.get(noteId) !== draft) return;
    draft.sending = null;
    if (draft.keepTimer !== undefined) this.keep(noteId, draft);
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
      this.wake(noteId, new Error('The note could not be saved'));
      this.options.onFailed(noteId, error);
    }
    this.options.onChange();
  }
}
