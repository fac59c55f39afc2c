import type { Note, NoteId } from '../../shared/note.js';
import type { Notice, SaveStatus } from './app-state.js';

/** Every change of the client state; server answers and live events arrive as these too. */
export type AppAction =
  | { type: 'startupFinished' }
  | { type: 'startupUnreachable' }
  | { type: 'loggedIn'; token: string; email: string }
  | { type: 'loggedOut' }
  /** `fresherIds`: notes changed here after the list was requested; their version is kept. */
  | { type: 'notesLoaded'; notes: readonly Note[]; fresherIds?: readonly NoteId[] }
  | { type: 'noteCreated'; note: Note }
  | { type: 'noteUpdated'; note: Note }
  | { type: 'noteDeleted'; id: NoteId }
  | { type: 'noteSelected'; id: NoteId }
  | { type: 'selectionCleared' }
  | { type: 'menuToggled'; open?: boolean }
  | { type: 'draftsChanged'; drafts: Readonly<Record<NoteId, string>>; saveStatus: SaveStatus }
  | { type: 'noticeShown'; notice: Notice }
  | { type: 'noticeDismissed'; id: number };
