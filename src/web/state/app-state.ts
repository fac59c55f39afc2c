import type { Note, NoteId } from '../../shared/note.js';

/** Aggregate state of unsaved edits, shown next to the editor. */
export type SaveStatus = 'idle' | 'saving' | 'saved' | 'retrying' | 'failed';

/** Where start-up is: checking a stored token, unable to reach the server, or finished. */
export type StartupPhase = 'checking' | 'unreachable' | 'done';

/** A short message for the user (errors are raised and also shown here). */
export interface Notice {
  id: number;
  text: string;
  tone: 'info' | 'error';
}

/** Everything the client holds; the spec's state (§3.3–3.5) plus what the UI needs around it. */
export interface AppState {
  /** Session token; the user is logged in when it is non-empty. */
  token: string;
  /** Email of the signed-in account, when known. */
  email: string;
  startup: StartupPhase;
  notes: Readonly<Record<NoteId, Note>>;
  sortedNoteIds: readonly NoteId[];
  selectedNoteId: NoteId | null;
  isMenuOpen: boolean;
  /** True once the first note list of this session has arrived. */
  notesLoaded: boolean;
  /** Notes deleted this session, so a late response or event cannot bring them back. */
  deletedNoteIds: Readonly<Record<NoteId, true>>;
  /** Text typed but not yet acknowledged by the server, per note. */
  drafts: Readonly<Record<NoteId, string>>;
  saveStatus: SaveStatus;
  notice: Notice | null;
}

export const initialAppState: AppState = {
  token: '',
  email: '',
  startup: 'checking',
  notes: {},
  sortedNoteIds: [],
  selectedNoteId: null,
  isMenuOpen: false,
  notesLoaded: false,
  deletedNoteIds: {},
  drafts: {},
  saveStatus: 'idle',
  notice: null,
};
