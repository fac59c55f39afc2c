import type { Note } from '../../shared/note.js';
import type { SearchResponse } from '../../shared/search.js';
import { linkKey, titleAndNames } from '../../shared/wiki-links.js';
import type { SearchEngine } from './search-engine.js';
import { isEmptyQuery, parseSearchQuery } from './search-query.js';
import { makeSnippet } from './snippet.js';

export interface SearchNotesRequest {
  userId: string;
  text: string;
  limit: number;
  includeTrash: boolean;
}

/** Whether the query, as typed, names the note exactly: its title or an alias, as links compare. */
const namedBy = (note: Note, wanted: string) =>
  titleAndNames(note.body).names.some((name) => linkKey(name) === wanted);

/**
 * The engine's order, except that notes the query names exactly come first: a search for a
 * note's title finds that note before the notes that merely mention its words.
 */
function exactNamesFirst(notes: readonly Note[], text: string): Note[] {
  const wanted = linkKey(text.replace(/^"(.*)"$/s, '$1'));
  if (wanted === '') return [...notes];
  const exact = notes.filter((note) => namedBy(note, wanted));
  return exact.length === 0 ? [...notes] : [...exact, ...notes.filter((n) => !exact.includes(n))];
}

/**
 * A search as the API answers it: parsed, run by the engine, the notes it names exactly first,
 * each note with its snippet.
 */
export async function searchNotes(
  search: SearchEngine,
  { userId, text, limit, includeTrash }: SearchNotesRequest,
): Promise<SearchResponse> {
  const query = parseSearchQuery(text);
  if (isEmptyQuery(query)) return { results: [] };
  const notes = exactNamesFirst(await search({ userId, query, limit, includeTrash }), text.trim());
  return {
    results: notes.map((note) => ({ note, snippet: makeSnippet(note.body, query.include) })),
  };
}
