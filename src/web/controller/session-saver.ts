import type { NoteId } from '../../shared/note.js';
import { noteDisplay, UNTITLED_NOTE_TITLE } from '../../shared/note-display.js';
import { isTransientFailure, NoteRequestError } from '../api/api-errors.js';
import type { SaveAnswer } from '../api/note-save.js';
import type { QuireApi } from '../api/quire-api.js';
import type { DraftOwners } from '../drafts/draft-owners.js';
import type { DraftStore } from '../drafts/draft-store.js';
import { NoteSaver } from '../saving/note-saver.js';
import type { AppStore } from '../state/store.js';
import type { NoticeTimer } from './notices.js';
import { saveWithRecovery } from './save-with-recovery.js';

export const MERGED_NOTICE = 'Merged with changes from another device.';

export function titleOf(text: string): string {
  return noteDisplay(text).title ?? UNTITLED_NOTE_TITLE;
}

export interface SessionSaverDeps {
  api: QuireApi;
  store: AppStore;
  notices: NoticeTimer;
  drafts: DraftStore;
  owners: DraftOwners;
  token(): string;
  /** Whose drafts these are (the account's email). */
  account(): string;
  /** Runs before each save of the note: its offline create must reach the server first. */
  beforeSave?(noteId: NoteId): Promise<void> | undefined;
  /** Whether the note was deleted here and its delete waits for this save: it stays unlisted. */
  deletedHere?(noteId: NoteId): boolean;
  /** A failure to show (or a 401 to end the session on). */
  onError(error: unknown, message: string): void;
}

/**
 * The session's saver wired to the server, the device's draft store and the state: saves go
 * through trash and purge recovery, answers land in the reducer, and a merge that set text
 * aside says so with a link to it.
 */
export function createSessionSaver(deps: SessionSaverDeps): NoteSaver {
  const { api, store, notices } = deps;
  const info = (text: string) => notices.show(text, 'info');

  function saved(id: NoteId, { note, conflictRevision }: SaveAnswer): void {
    if (note.id === id && deps.deletedHere?.(id)) return;
    if (note.id !== id) store.dispatch({ type: 'noteReplaced', id, note });
    else store.dispatch({ type: 'noteUpdated', note });
    if (conflictRevision === null) return;
    const link = { label: 'See the other text', noteId: note.id, revision: conflictRevision };
    notices.show(MERGED_NOTICE, 'info', link);
  }

  const saver: NoteSaver = new NoteSaver({
    save: async (draft) => {
      const first = deps.beforeSave?.(draft.noteId);
      if (first) await first;
      const held = store.getState().notes.get(draft.noteId);
      return saveWithRecovery(
        api,
        deps.token(),
        draft,
        {
          restored: (note) => {
            store.dispatch({ type: 'noteRestored', note });
            info(`“${titleOf(note.body)}” was in the trash. It is back, with your changes.`);
          },
          savedAsNew: () =>
            info('That note was deleted for good elsewhere. Your text was saved as a new note.'),
        },
        held,
      );
    },
    persist: (draft) => deps.drafts.put(deps.account(), { ...draft, owner: deps.owners.self }),
    discard: (id) => deps.drafts.remove(deps.account(), id),
    onSaved: saved,
    onFailed: (_id, error) => {
      const tooBig = error instanceof NoteRequestError && error.status === 413;
      deps.onError(error, tooBig ? 'This note is too large to save.' : 'Could not save.');
    },
    onChange: (edited) =>
      store.dispatch({
        type: 'draftsChanged',
        drafts: saver.pendingTexts(),
        saveStatus: saver.status(),
        edited,
      }),
    isTransient: isTransientFailure,
  });
  // Typing during a save is written to the device after a pause; a page going away writes it now.
  if (typeof window !== 'undefined') {
    window.addEventListener('pagehide', () => saver.keepUnwritten());
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') saver.keepUnwritten();
    });
  }
  return saver;
}
