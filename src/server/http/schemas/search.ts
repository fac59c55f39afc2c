import { Type } from '@sinclair/typebox';
import { SEARCH_QUERY_MAX_LENGTH } from '../../../shared/search-limits.js';
import { NoteSchema } from './note.js';

/**
 * `GET /api/search?q=…&limit=…&trash=true` — the caller's notes matching `q`, best first. Query
 * strings are text, so the numbers and flags are checked by pattern.
 */
export const SearchParams = Type.Object(
  {
    q: Type.String({ maxLength: SEARCH_QUERY_MAX_LENGTH }),
    limit: Type.Optional(Type.String({ pattern: '^[0-9]{1,4}$' })),
    trash: Type.Optional(Type.Union([Type.Literal('true'), Type.Literal('false')])),
  },
  { additionalProperties: false },
);

/** A `SearchResult` (src/shared/search.ts). */
export const SearchResult = Type.Object({ note: NoteSchema, snippet: Type.String() });

export const SearchResponse = Type.Object({ results: Type.Array(SearchResult) });
