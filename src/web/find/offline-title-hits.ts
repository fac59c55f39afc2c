import type { NoteId } from '../../shared/note.js';
import type { AppState } from '../state/app-state.js';
import { rankTitles } from './rank-titles.js';

const OFFLINE_HIT_LIMIT = 200;

/** Search without the server: the notes on this device whose titles match, best first. */
export function offlineTitleHits(state: AppState, text: string): { id: NoteId; snippet: string }[] {
  return rankTitles(text, state.sortedNoteIds, state.notes, OFFLINE_HIT_LIMIT).map(({ id }) => ({
    id,
    snippet: '',
  }));
}
