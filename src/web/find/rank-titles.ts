import type { Note, NoteId } from '../../shared/note.js';
import { noteDisplay, UNTITLED_NOTE_TITLE } from '../../shared/note-display.js';
import { type FuzzyMatch, fuzzyMatch } from './fuzzy-match.js';

export interface TitleMatch {
  id: NoteId;
  title: string;
  match: FuzzyMatch;
}

// Titles kept per note object: typing in the switcher reads each body's first line once.
const titles = new WeakMap<Note, string>();

export function titleOf(note: Note): string {
  let title = titles.get(note);
  if (title === undefined) {
    title = noteDisplay(note.body).title ?? UNTITLED_NOTE_TITLE;
    titles.set(note, title);
  }
  return title;
}

/** The best `limit` titles for the query; with no query, the first notes in list order. */
export function rankTitles(
  query: string,
  ids: readonly NoteId[],
  notes: { get(id: NoteId): Note | undefined },
  limit: number,
): TitleMatch[] {
  const matches: TitleMatch[] = [];
  for (const id of ids) {
    const note = notes.get(id);
    if (!note) continue;
    const title = titleOf(note);
    const match = fuzzyMatch(query, title);
    if (match) matches.push({ id, title, match });
    if (query.trim() === '' && matches.length === limit) break;
  }
  // A stable sort keeps list order (most recent first) among equal scores.
  return matches.sort((a, b) => b.match.score - a.match.score).slice(0, limit);
}
