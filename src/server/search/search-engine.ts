import type { Note } from '../../shared/note.js';
import type { NoteTable } from '../db/schema.js';
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

/** The columns an engine reads to make a Note. */
export type NoteRow = Pick<
  NoteTable,
  'id' | 'body' | 'time_created' | 'time_last_modified' | 'revision'
>;
