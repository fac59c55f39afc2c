import type { Note } from '../../shared/note.js';
import type { SearchQuery } from './search-query.js';

export interface SearchRequest {
  userId: string;
  query: SearchQuery;
  limit: number;
  /** Search the trash too. */
  includeTrash: boolean;
}

/** One database's way of finding notes, best first; snippets are made by the caller. */
export type SearchEngine = (request: SearchRequest) => Promise<Note[]>;

/** `%`, `_` and the escape itself stand for themselves in a LIKE pattern. */
export const likeContaining = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;
