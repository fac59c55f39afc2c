import type { NoteId } from '../../shared/note.js';

/** A search match as the list shows it: the note and its snippet (escaped, `<mark>`ed). */
export interface SearchHit {
  id: NoteId;
  snippet: string;
}

export type FindDialog = 'quickSwitcher' | 'shortcuts';

/** The ways back to a note: search, tag filter, quick switcher and the rendered preview. */
export interface FindState {
  /** The text in the search field. */
  searchText: string;
  /** Matches answered for `searchText`, best first; null while the field is blank. */
  hits: readonly SearchHit[] | null;
  /** The tag the list is filtered by, if any. */
  tagFilter: string | null;
  isPreviewOpen: boolean;
  dialog: FindDialog | null;
}

export const initialFindState: FindState = {
  searchText: '',
  hits: null,
  tagFilter: null,
  isPreviewOpen: false,
  dialog: null,
};

export type FindAction =
  | { type: 'searchTyped'; text: string }
  | { type: 'searchAnswered'; text: string; hits: readonly SearchHit[] }
  | { type: 'tagFiltered'; tag: string | null }
  | { type: 'previewToggled'; open?: boolean }
  | { type: 'dialogOpened'; dialog: FindDialog | null };

export const isFindAction = (action: { type: string }): action is FindAction =>
  ['searchTyped', 'searchAnswered', 'tagFiltered', 'previewToggled', 'dialogOpened'].includes(
    action.type,
  );

/** The find part of the state; pure like the rest of the reducer. */
export function findReducer(state: FindState, action: FindAction): FindState {
  switch (action.type) {
    case 'searchTyped':
      // The last answer stays on screen until the next one, so the list does not flicker.
      return action.text.trim() === ''
        ? { ...state, searchText: action.text, hits: null }
        : { ...state, searchText: action.text };
    case 'searchAnswered':
      if (action.text !== state.searchText || state.searchText.trim() === '') return state;
      return { ...state, hits: action.hits };
    case 'tagFiltered':
      return { ...state, tagFilter: action.tag };
    case 'previewToggled':
      return { ...state, isPreviewOpen: action.open ?? !state.isPreviewOpen };
    case 'dialogOpened':
      return { ...state, dialog: action.dialog };
  }
}
