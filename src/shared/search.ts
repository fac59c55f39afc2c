import { type Static, Type } from '@sinclair/typebox';
import { NoteSchema } from './note.js';
import { SEARCH_QUERY_MAX_LENGTH } from './search-limits.js';

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
export type SearchParams = Static<typeof SearchParams>;

/** A found note and the text around its best match: HTML-escaped, matches in `<mark>`. */
export const SearchResult = Type.Object({ note: NoteSchema, snippet: Type.String() });
export type SearchResult = Static<typeof SearchResult>;

export const SearchResponse = Type.Object({ results: Type.Array(SearchResult) });
export type SearchResponse = Static<typeof SearchResponse>;
