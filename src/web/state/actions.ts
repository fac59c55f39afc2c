import type { Note, NoteId } from '../../shared/note.js';
import type { SpellingSettings } from '../../shared/spelling.js';
import type { AppView, HistoryView, Notice, SaveStatus } from './app-state.js';
import type { FindAction } from './find-state.js';

/** Every change of the client state; server answers and live events arrive as these too. */
export type AppAction =
  | { type: 'startupFinished' }
  | { type: 'startupUnreachable' }
  | { type: 'loggedIn'; token: string; email: string }
  | { type: 'loggedOut' }
  /** The account's spelling settings as the server (or this device's copy) has them. */
  | { type: 'spellingChanged'; spelling: SpellingSettings }
  /** The server ended the session: show Log In with the email, drafts stay on the device. */
  | { type: 'sessionEnded' }
  | { type: 'viewChosen'; view: AppView }
  /** `createdIds`: notes created here after the list was requested, so not in it yet. */
  | { type: 'notesLoaded'; notes: readonly Note[]; createdIds?: readonly NoteId[] }
  | { type: 'noteCreated'; note: Note }
  /** `unsaved`: the drafts with this note's carried onto it, so both change at once. */
  | {
      type: 'noteUpdated';
      note: Note;
      unsaved?: { drafts: Readonly<Record<NoteId, string>>; saveStatus: SaveStatus };
    }
  /** As many `noteUpdated`, in order, in one change of the state. */
  | { type: 'notesUpdated'; notes: readonly Note[] }
  | { type: 'noteDeleted'; id: NoteId }
  /** Back from the trash, by this client (a restore elsewhere arrives as an update). */
  | { type: 'noteRestored'; note: Note }
  /** "Undo" of a delete: the note is back from the trash at `index`, selected if it was. */
  | { type: 'deleteUndone'; note: Note; index: number; selected: boolean }
  /** The note was gone for good, so its text was saved as a new note that takes its place. */
  | { type: 'noteReplaced'; id: NoteId; note: Note }
  | { type: 'noteSelected'; id: NoteId }
  /** The address names a note that is not here: the detail pane says so. */
  | { type: 'missingNoteAddressed'; id: NoteId }
  | { type: 'selectionCleared' }
  | { type: 'menuToggled'; open?: boolean }
  /** `edited`: the note just typed in; a local edit is an update, so it moves to the front. */
  | {
      type: 'draftsChanged';
      drafts: Readonly<Record<NoteId, string>>;
      saveStatus: SaveStatus;
      edited?: NoteId | undefined;
    }
  | { type: 'noticeShown'; notice: Notice }
  | { type: 'historyOpened'; history: HistoryView }
  | { type: 'historyClosed' }
  | { type: 'trashToggled'; open: boolean }
  | { type: 'noticeDismissed'; id: number }
  | FindAction;
