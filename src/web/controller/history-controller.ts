import type { Note, NoteId } from '../../shared/note.js';
import type { VersionSummary } from '../../shared/note-history.js';
import type { QuireApi } from '../api/quire-api.js';
import type { AppStore } from '../state/store.js';

export interface HistoryControllerDeps {
  api: QuireApi;
  store: AppStore;
  /** A restored version is a newer version of the note: unsaved text here merges into it. */
  onRestored(note: Note): void;
}

/** The notice after a restore, which offers "Undo". */
export const VERSION_RESTORED = 'Version restored. The text it replaced is in History.';
/** The notice after that "Undo". */
export const RESTORE_UNDONE = 'Restore undone. Both texts are in History.';

/** A note's past versions: the History dialog reads them here and restores through it. */
export class HistoryController {
  private readonly deps: HistoryControllerDeps;

  constructor(deps: HistoryControllerDeps) {
    this.deps = deps;
  }

  private get token(): string {
    return this.deps.store.getState().token;
  }

  /** Opens History for a note, at a version or at the newest one. */
  open(noteId: NoteId, revision: number | null = null): void {
    this.deps.store.dispatch({ type: 'historyOpened', history: { noteId, revision } });
  }

  close(): void {
    this.deps.store.dispatch({ type: 'historyClosed' });
  }

  versions(noteId: NoteId): Promise<VersionSummary[]> {
    return this.deps.api.fetchVersions(this.token, noteId);
  }

  version(noteId: NoteId, revision: number): Promise<Note> {
    return this.deps.api.fetchVersion(this.token, noteId, revision);
  }

  async restore(noteId: NoteId, revision: number): Promise<Note> {
    const note = await this.deps.api.restoreVersion(this.token, noteId, revision);
    this.deps.onRestored(note);
    return note;
  }
}
