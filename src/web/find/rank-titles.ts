import type { Note, NoteId } from '../../shared/note.js';
import { shownTitle } from '../../shared/note-display.js';
import { linkKey } from '../../shared/wiki-links.js';
import { type FuzzyMatch, fuzzyMatch } from './fuzzy-match.js';
import { linkKeysOf } from './note-links.js';

export interface TitleMatch {
  id: NoteId;
  title: string;
  match: FuzzyMatch;
  /** The query names the note exactly: its title or an alias, as links compare names. */
  exact: boolean;
}

// Titles kept per note object: typing in the switcher reads each body's first line once.
const titles = new WeakMap<Note, string>();

export function titleOf(note: Note): string {
  let title = titles.get(note);
  if (title === undefined) {
    title = shownTitle(note.body);
    titles.set(note, title);
  }
  return title;
}

/**
 * The best `limit` titles for the query; with no query, the first notes in list order. A note
 * the query names exactly (its title or an alias) comes first, however many start alike.
 */
export function rankTitles(
  query: string,
  ids: readonly NoteId[],
  notes: { get(id: NoteId): Note | undefined },
  limit: number,
): TitleMatch[] {
  const matches: TitleMatch[] = [];
  const wanted = query.trim() === '' ? undefined : linkKey(query);
  for (const id of ids) {
    const note = notes.get(id);
    if (!note) continue;
    const title = titleOf(note);
    const match = fuzzyMatch(query, title);
    if (match) {
      const exact = wanted !== undefined && linkKeysOf(note).includes(wanted);
      matches.push({ id, title, match, exact });
    }
    if (wanted === undefined && matches.length === limit) break;
  }
  // A stable sort keeps list order (most recent first) among equal scores.
  return matches
    .sort((a, b) => Number(b.exact) - Number(a.exact) || b.match.score - a.match.score)
    .slice(0, limit);
}
