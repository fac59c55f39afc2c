import type { Note } from './note.js';

/** A found note and the text around its best match: HTML-escaped, matches in `<mark>`. */
export interface SearchResult {
  note: Note;
  snippet: string;
}

/** `GET /api/search?q=…&limit=…&trash=true` — the caller's notes matching `q`, best first. */
export interface SearchResponse {
  results: SearchResult[];
}
