import type { Note, NoteId } from '../../shared/note.js';
import type { AppAction } from './actions.js';
import { type AppState, initialAppState } from './app-state.js';

function withoutId(ids: readonly NoteId[], id: NoteId): NoteId[] {
  const index = ids.indexOf(id);
  if (index === -1) return [...ids];
  return [...ids.slice(0, index), ...ids.slice(index + 1)];
}

function toFront(ids: readonly NoteId[], id: NoteId): NoteId[] {
  if (ids[0] === id) return ids as NoteId[];
  return [id, ...withoutId(ids, id)];
}

/**
 * A note list replaces what is held, in server order (spec §4.7). Notes changed here after the
 * list was requested (saved, created, or updated live meanwhile) keep their newer version, and
 * stay listed at the front if the list was read before they existed.
 */
function notesLoaded(
  state: AppState,
  incoming: readonly Note[],
  fresherIds: readonly NoteId[] = [],
): AppState {
  const notes: Record<NoteId, Note> = {};
  const sortedNoteIds: NoteId[] = [];
  const fresher = new Set(fresherIds.filter((id) => state.notes[id]));
  for (const id of state.sortedNoteIds) {
    if (!fresher.has(id) || incoming.some((note) => note.id === id)) continue;
    notes[id] = state.notes[id]!;
    sortedNoteIds.push(id);
  }
  for (const note of incoming) {
    if (state.deletedNoteIds[note.id] || notes[note.id]) continue;
    notes[note.id] = fresher.has(note.id) ? state.notes[note.id]! : note;
    sortedNoteIds.push(note.id);
  }
  // A refetch after reconnecting keeps the open note open if it still exists.
  const selectedNoteId =
    state.selectedNoteId !== null && notes[state.selectedNoteId] ? state.selectedNoteId : null;
  return { ...state, notes, sortedNoteIds, selectedNoteId, notesLoaded: true };
}

/** Replaces the note and moves it to the front (spec §4.5); also brings in notes made elsewhere. */
function noteUpdated(state: AppState, note: Note): AppState {
  if (state.deletedNoteIds[note.id]) return state;
  const known = state.notes[note.id];
  // An answer or event that arrives late must not replace a newer version.
  if (known && note.timeLastModified < known.timeLastModified) return state;
  return {
    ...state,
    notes: { ...state.notes, [note.id]: note },
    sortedNoteIds: toFront(state.sortedNoteIds, note.id),
  };
}

function noteDeleted(state: AppState, id: NoteId): AppState {
  const { [id]: _removed, ...notes } = state.notes;
  const { [id]: _draft, ...drafts } = state.drafts;
  return {
    ...state,
    notes,
    drafts,
    sortedNoteIds: withoutId(state.sortedNoteIds, id),
    selectedNoteId: state.selectedNoteId === id ? null : state.selectedNoteId,
    deletedNoteIds: { ...state.deletedNoteIds, [id]: true },
  };
}

/** The one place the client state changes; pure, so every transition has its own test. */
export function appReducer(state: AppState, action: AppAction): AppState {
  switch (action.type) {
    case 'startupFinished':
      return { ...state, startup: 'done' };
    case 'startupUnreachable':
      return { ...state, startup: 'unreachable' };
    case 'loggedIn':
      return {
        ...initialAppState,
        startup: 'done',
        token: action.token,
        email: action.email,
        notice: state.notice,
      };
    case 'loggedOut':
      return { ...initialAppState, startup: 'done', notice: state.notice };
    case 'notesLoaded':
      return notesLoaded(state, action.notes, action.fresherIds);
    case 'noteCreated': {
      if (state.deletedNoteIds[action.note.id]) return state;
      return {
        ...state,
        notes: { ...state.notes, [action.note.id]: action.note },
        sortedNoteIds: toFront(state.sortedNoteIds, action.note.id),
        selectedNoteId: action.note.id,
      };
    }
    case 'noteUpdated':
      return noteUpdated(state, action.note);
    case 'noteDeleted':
      return noteDeleted(state, action.id);
    case 'noteSelected':
      if (!state.notes[action.id]) return state;
      return { ...state, selectedNoteId: action.id };
    case 'selectionCleared':
      return { ...state, selectedNoteId: null };
    case 'menuToggled':
      return { ...state, isMenuOpen: action.open ?? !state.isMenuOpen };
    case 'draftsChanged':
      return { ...state, drafts: action.drafts, saveStatus: action.saveStatus };
    case 'noticeShown':
      return { ...state, notice: action.notice };
    case 'noticeDismissed':
      return state.notice?.id === action.id ? { ...state, notice: null } : state;
  }
}
