import type { Note } from './note.js';

/**
 * A note that links to another: the note, the line holding its first link to it (plain text, not
 * HTML), and where that link starts in its body (`at`, UTF-16 units), so a client can open it
 * there.
 */
export interface Backlink {
  note: Note;
  snippet: string;
  at: number;
}

/** `GET /api/notes/{id}/backlinks` — the notes linking to this one, most recently modified first. */
export interface BacklinksResponse {
  results: Backlink[];
}
