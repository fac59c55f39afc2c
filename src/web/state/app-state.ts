import type { Note, NoteId } from '../../shared/note.js';
import type { SpellingSettings } from '../../shared/spelling.js';
import { ChunkedMap } from './chunked-map.js';
import { type FindState, initialFindState } from './find-state.js';

/** The notes held, by id: persistent, so replacing one note does not copy the others. */
export type NoteMap = ChunkedMap<Note>;

/** Aggregate state of unsaved edits, shown next to the editor. */
export type SaveStatus = 'idle' | 'saving' | 'saved' | 'retrying' | 'failed';

/** Where start-up is: checking a stored token, unable to reach the server, or finished. */
export type StartupPhase = 'checking' | 'unreachable' | 'done';

/** A link in a notice that opens a note's history at one version. */
export interface NoticeLink {
  label: string;
  noteId: NoteId;
  revision: number;
}
/** Which screen a signed-in user sees: their notes, or their account's settings. */
export type AppView = 'notes' | 'account';

/** A short message for the user (errors are raised and also shown here). */
export interface Notice {
  id: number;
  text: string;
  tone: 'info' | 'error';
  link?: NoticeLink;
  /** What the notice's "Undo" takes back. */
  undo?: UndoAction;
}

/**
 * A change made here that "Undo" can take back: a delete, a version restored over a text, or
 * the links a rename pointed from one title to another, in the notes named.
 */
export type UndoAction =
  | { kind: 'delete'; noteId: NoteId }
  /** `revision`: the history version holding the text the restore replaced. */
  | { kind: 'restore'; noteId: NoteId; revision: number }
  | { kind: 'links'; noteId: NoteId; from: string; to: string; noteIds: NoteId[] };

/** The History dialog: for which note, and which version is picked (null: the newest). */
export interface HistoryView {
  noteId: NoteId;
  revision: number | null;
}

/** Everything the client holds (docs/interface.md#notes-on-the-device). */
export interface AppState {
  /** Session token; the user is logged in when it is non-empty. */
  token: string;
  /** Email of the signed-in account, when known. */
  email: string;
  startup: StartupPhase;
  notes: NoteMap;
  sortedNoteIds: readonly NoteId[];
  selectedNoteId: NoteId | null;
  /** The note the address names when it is not among the notes here (gone, or not this account's). */
  missingNoteId: NoteId | null;
  isMenuOpen: boolean;
  /** True once the first note list of this session has arrived. */
  notesLoaded: boolean;
  /**
   * The revision each note had when it left the list this session: a list or event that is not
   * newer than that (read before the delete) cannot bring it back.
   */
  removedRevisions: Readonly<Record<NoteId, number>>;
  /** Text typed but not yet acknowledged by the server, per note. */
  drafts: Readonly<Record<NoteId, string>>;
  saveStatus: SaveStatus;
  notice: Notice | null;
  history: HistoryView | null;
  isTrashOpen: boolean;
  view: AppView;
  /**
   * The session expired or was ended elsewhere: the Log In form shows, and notes and drafts are
   * kept until the same account signs in again.
   */
  sessionEnded: boolean;
  find: FindState;
  /** The account's spell-check language and own words; null until known on this device. */
  spelling: SpellingSettings | null;
}

export const initialAppState: AppState = {
  token: '',
  email: '',
  startup: 'checking',
  notes: ChunkedMap.empty<Note>(),
  sortedNoteIds: [],
  selectedNoteId: null,
  missingNoteId: null,
  isMenuOpen: false,
  notesLoaded: false,
  removedRevisions: {},
  drafts: {},
  saveStatus: 'idle',
  notice: null,
  history: null,
  isTrashOpen: false,
  view: 'notes',
  sessionEnded: false,
  find: initialFindState,
  spelling: null,
};
