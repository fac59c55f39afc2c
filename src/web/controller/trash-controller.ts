import type { Note, NoteId } from '../../shared/note.js';
import type { TrashedNote } from '../../shared/note-history.js';
import type { QuireApi } from '../api/quire-api.js';
import type { AppStore } from '../state/store.js';

export interface TrashControllerDeps {
  api: QuireApi;
  store: AppStore;
  onRestored(note: Note): void;
}

/** The trash: what the Trash panel lists, restores and deletes for good. */
export class TrashController {
  private readonly deps: TrashControllerDeps;

  constructor(deps: TrashControllerDeps) {
    this.deps = deps;
  }

  private get token(): string {
    return this.deps.store.getState().token;
  }

  open(): void {
    this.deps.store.dispatch({ type: 'trashToggled', open: true });
  }

  close(): void {
    this.deps.store.dispatch({ type: 'trashToggled', open: false });
  }

  list(): Promise<TrashedNote[]> {
    return this.deps.api.fetchTrash(this.token);
  }

  async restore(id: NoteId): Promise<Note> {
    const note = await this.deps.api.restoreFromTrash(this.token, id);
    this.deps.onRestored(note);
    return note;
  }

  deleteForever(id: NoteId): Promise<void> {
    return this.deps.api.purgeFromTrash(this.token, id);
  }

  empty(): Promise<void> {
    return this.deps.api.emptyTrash(this.token);
  }
}
