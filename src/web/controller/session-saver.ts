import type { NoteId } from '../../shared/note.js';
import { shownTitle } from '../../shared/note-display.js';
import { isTransientFailure, NoteRequestError } from '../api/api-errors.js';
import type { NoteEdit, SaveAnswer } from '../api/note-save.js';
import type { QuireApi } from '../api/quire-api.js';
import type { DeviceDocuments } from '../documents/device-documents.js';
import { DocumentSaver } from '../documents/document-saver.js';
import type { AppStore } from '../state/store.js';
import type { NoticeTimer } from './notices.js';
import { saveWithRecovery, wholeNote } from './save-with-recovery.js';

export const MERGED_NOTICE = 'Merged with changes from another device.';

export function titleOf(text: string): string {
  return shownTitle(text);
}

export interface SessionSaverDeps {
  api: QuireApi;
  store: AppStore;
  notices: NoticeTimer;
  documents: DeviceDocuments;
  token(): string;
  /** Runs before each save of the note: its offline create must reach the server first. */
  beforeSave?(noteId: NoteId): Promise<void> | undefined;
  /** Whether the note was deleted here and its delete waits for this save: it stays unlisted. */
  deletedHere?(noteId: NoteId): boolean;
  /** What waits to be saved changed (the state shows it). */
  onChange(): void;
  /** A failure to show (or a 401 to end the session on). */
  onError(error: unknown, message: string): void;
}

/** The session's saves: documents' through the saver, and any other (text) save. */
export interface SessionSaving {
  saver: DocumentSaver;
  /** One save of a note as `edit` has it, answered into the state like a document's. */
  save(edit: NoteEdit): Promise<SaveAnswer>;
}

/**
 * The session's saves wired to the server, the device and the state: saves go through trash
 * and purge recovery, answers land in the reducer, and a save whose base the server no longer
 * knew says where the text it replaced is kept.
 */
export function createSessionSaving(deps: SessionSaverDeps): SessionSaving {
  const { api, store, notices, documents } = deps;
  const info = (text: string) => notices.show(text, 'info');

  function saved(id: NoteId, { note, conflictRevision }: SaveAnswer): void {
    if (note.id === id && deps.deletedHere?.(id)) return;
    if (note.id !== id) {
      // The note was gone for good: its text lives on in a new note, with a document of its own.
      store.dispatch({ type: 'noteReplaced', id, note });
      documents.forget(id);
      saver.forget(id);
    } else store.dispatch({ type: 'noteUpdated', note });
    if (conflictRevision === null) return;
    const link = { label: 'See the other text', noteId: note.id, revision: conflictRevision };
    notices.show(MERGED_NOTICE, 'info', link);
  }

  async function send(edit: NoteEdit): Promise<SaveAnswer> {
    const first = deps.beforeSave?.(edit.id);
    if (first) await first;
    return saveWithRecovery(api, deps.token(), edit, {
      restored: (note) => {
        store.dispatch({ type: 'noteRestored', note });
        info(`“${titleOf(note.body)}” was in the trash. It is back, with your changes.`);
      },
      savedAsNew: () =>
        info('That note was deleted for good elsewhere. Your text was saved as a new note.'),
    });
  }

  const saver: DocumentSaver = new DocumentSaver({
    save: (request) => send(wholeNote(request, store.getState().notes.get(request.id))),
    documentOf: (noteId) => documents.get(noteId),
    acknowledged: (noteId, keys) => documents.acknowledged(noteId, keys),
    onSaved: saved,
    onFailed: (_id, error) => {
      const tooBig = error instanceof NoteRequestError && error.status === 413;
      deps.onError(error, tooBig ? 'This note is too large to save.' : 'Could not save.');
    },
    onChange: deps.onChange,
    isTransient: isTransientFailure,
  });
  return {
    saver,
    async save(edit) {
      const answer = await send(edit);
      saved(edit.id, answer);
      return answer;
    },
  };
}
