import type { Note, NoteId } from '../../shared/note.js';
import type { AppAction } from './actions.js';
import { type AppState, initialAppState } from './app-state.js';
import { ChunkedMap } from './chunked-map.js';
import { findReducer, isFindAction } from './find-state.js';
import { inModifiedOrder, toFront, withoutId } from './note-order.js';
import { isNewer } from './selectors.js';

/**
 * A note list replaces what is held, in server order (docs/interface.md#how-the-list-is-ordered),
 * except for versions that are newer here (saved or updated live while the list was on its way),
 * and notes created here since it was requested, which stay at the front.
 */
function notesLoaded(
  state: AppState,
  incoming: readonly Note[],
  createdIds: readonly NoteId[] = [],
): AppState {
  const notes = new Map<NoteId, Note>();
  const sortedNoteIds: NoteId[] = [];
  // Usually none: the whole list is walked for them only when there are some.
  const listed = createdIds.length > 0 ? new Set(incoming.map((note) => note.id)) : null;
  for (const id of createdIds) {
    const created = state.notes.get(id);
    // Named twice (made this session, its create still waiting), it is still listed once.
    if (!created || listed?.has(id) || notes.has(id)) continue;
    notes.set(id, created);
    sortedNoteIds.push(id);
  }
  for (const note of incoming) {
    if (notes.has(note.id)) continue;
    const held = state.notes.get(note.id);
    if (held && held.revision >= note.revision) notes.set(note.id, held);
    else if (isNewer(state, note)) notes.set(note.id, note);
    else continue;
    sortedNoteIds.push(note.id);
  }
  // A refetch after reconnecting keeps the open note open if it still exists.
  const selectedNoteId =
    state.selectedNoteId !== null && notes.has(state.selectedNoteId) ? state.selectedNoteId : null;
  return {
    ...state,
    notes: ChunkedMap.from(notes),
    sortedNoteIds,
    selectedNoteId,
    notesLoaded: true,
  };
}

/**
 * Replaces the note and moves it to the front (docs/interface.md#how-the-list-is-ordered). A note
 * not listed here (made, or brought back from the trash, elsewhere) goes where the server's list
 * puts it: by the time it was modified, so a new one tops the list and a restored one is back where
 * it stood.
 */
function noteUpdated(state: AppState, note: Note): AppState {
  if (!isNewer(state, note)) return state;
  const sortedNoteIds = state.notes.has(note.id)
    ? toFront(state.sortedNoteIds, note.id)
    : inModifiedOrder(
        state.sortedNoteIds,
        note.id,
        note.timeLastModified,
        (id) => state.notes.get(id)?.timeLastModified,
      );
  return { ...state, notes: state.notes.set(note.id, note), sortedNoteIds };
}

/** A note made here, or saved anew here: at the top of the list, whatever a clock says. */
function noteMadeHere(state: AppState, note: Note): AppState {
  const next = noteUpdated(state, note);
  if (next === state) return state;
  return { ...next, sortedNoteIds: toFront(next.sortedNoteIds, note.id) };
}

function noteRemoved(state: AppState, id: NoteId, selectedNoteId: NoteId | null): AppState {
  const revision = state.notes.get(id)?.revision ?? state.removedRevisions[id] ?? 0;
  return {
    ...state,
    notes: state.notes.delete(id),
    sortedNoteIds: withoutId(state.sortedNoteIds, id),
    selectedNoteId,
    removedRevisions: { ...state.removedRevisions, [id]: revision },
    history: state.history?.noteId === id ? null : state.history,
  };
}

function noteDeleted(state: AppState, id: NoteId): AppState {
  const selected = state.selectedNoteId === id ? null : state.selectedNoteId;
  return noteRemoved(state, id, selected);
}

/** A note this client brought back: whatever revision it has, it is listed again. */
function noteRestored(state: AppState, note: Note): AppState {
  const { [note.id]: _removed, ...removedRevisions } = state.removedRevisions;
  return noteUpdated({ ...state, removedRevisions }, note);
}

/** A delete undone: the note stands where it stood before, and is open again if it was. */
function deleteUndone(state: AppState, note: Note, index: number, selected: boolean): AppState {
  const restored = noteRestored(state, note);
  if (!restored.notes.has(note.id)) return state;
  const others = withoutId(restored.sortedNoteIds, note.id);
  const at = Math.min(Math.max(index, 0), others.length);
  return {
    ...restored,
    sortedNoteIds: [...others.slice(0, at), note.id, ...others.slice(at)],
    selectedNoteId: selected ? note.id : restored.selectedNoteId,
    missingNoteId: selected ? null : restored.missingNoteId,
  };
}

function noteReplaced(state: AppState, id: NoteId, note: Note): AppState {
  const selected = state.selectedNoteId === id ? note.id : state.selectedNoteId;
  const removed = noteRemoved(state, id, selected);
  return noteMadeHere(removed, note);
}

/** The one place the client state changes; pure, so every transition has its own test. */
export function appReducer(state: AppState, action: AppAction): AppState {
  if (isFindAction(action)) {
    const find = findReducer(state.find, action);
    return find === state.find ? state : { ...state, find };
  }
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
    case 'sessionEnded':
      return {
        ...state,
        token: '',
        sessionEnded: true,
        isMenuOpen: false,
        view: 'notes',
        history: null,
        isTrashOpen: false,
      };
    case 'viewChosen':
      return { ...state, view: action.view, isMenuOpen: false };
    case 'spellingChanged':
      return state.token === '' ? state : { ...state, spelling: action.spelling };
    case 'notesLoaded':
      return notesLoaded(state, action.notes, action.createdIds);
    case 'noteCreated': {
      // Its live event may have come first; either way it is listed once, and selected.
      const next = noteMadeHere(state, action.note);
      if (!next.notes.has(action.note.id)) return state;
      return { ...next, selectedNoteId: action.note.id, missingNoteId: null };
    }
    case 'noteUpdated': {
      const next = noteUpdated(state, action.note);
      return action.unsaved && next !== state ? { ...next, ...action.unsaved } : next;
    }
    case 'notesUpdated':
      return action.notes.reduce(noteUpdated, state);
    case 'noteDeleted':
      return noteDeleted(state, action.id);
    case 'noteRestored':
      return noteRestored(state, action.note);
    case 'deleteUndone':
      return deleteUndone(state, action.note, action.index, action.selected);
    case 'noteReplaced':
      return noteReplaced(state, action.id, action.note);
    case 'noteSelected':
      if (!state.notes.has(action.id)) return state;
      return { ...state, selectedNoteId: action.id, missingNoteId: null };
    case 'missingNoteAddressed':
      if (state.notes.has(action.id)) return state;
      return { ...state, selectedNoteId: null, missingNoteId: action.id };
    case 'selectionCleared':
      return { ...state, selectedNoteId: null, missingNoteId: null };
    case 'menuToggled':
      return { ...state, isMenuOpen: action.open ?? !state.isMenuOpen };
    case 'draftsChanged': {
      // The note typed in goes to the top with the key, not with the server's answer
      // (docs/interface.md#how-the-list-is-ordered).
      const { edited } = action;
      const sortedNoteIds =
        edited !== undefined && state.notes.has(edited)
          ? toFront(state.sortedNoteIds, edited)
          : state.sortedNoteIds;
      return { ...state, drafts: action.drafts, saveStatus: action.saveStatus, sortedNoteIds };
    }
    case 'noticeShown':
      return { ...state, notice: action.notice };
    case 'historyOpened':
      if (!state.notes.has(action.history.noteId)) return state;
      return { ...state, history: action.history, isMenuOpen: false };
    case 'historyClosed':
      return state.history ? { ...state, history: null } : state;
    case 'trashToggled':
      return {
        ...state,
        isTrashOpen: action.open,
        isMenuOpen: action.open ? false : state.isMenuOpen,
      };
    case 'noticeDismissed':
      return state.notice?.id === action.id ? { ...state, notice: null } : state;
  }
}
