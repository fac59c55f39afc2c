import type { Note } from './note.js';

/**
 * `GET /api/notes?since=<cursor>`: notes stored after the cursor (in the list), ids of notes
 * that left the list since (moved to the trash or purged), and the cursor to send next time.
 */
export interface NoteChangesResponse {
  results: Note[];
  deleted: string[];
  cursor: string;
}
