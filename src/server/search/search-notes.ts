import type { SearchResponse } from '../../shared/search.js';
import type { SearchEngine } from './search-engine.js';
import { isEmptyQuery, parseSearchQuery } from './search-query.js';
import { makeSnippet } from './snippet.js';

export interface SearchNotesRequest {
  userId: string;
  text: string;
  limit: number;
  includeTrash: boolean;
}

/** A search as the API answers it: parsed, run by the engine, each note with its snippet. */
export async function searchNotes(
  search: SearchEngine,
  { userId, text, limit, includeTrash }: SearchNotesRequest,
): Promise<SearchResponse> {
  const query = parseSearchQuery(text);
  if (isEmptyQuery(query)) return { results: [] };
  const notes = await search({ userId, query, limit, includeTrash });
  return {
    results: notes.map((note) => ({ note, snippet: makeSnippet(note.body, query.include) })),
  };
}
