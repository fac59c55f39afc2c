import type { Note } from './note.js';

/** Most notes one undo names: far more than one rename changes in a real account. */
export const MAX_RENAMED_NOTES = 10_000;

/**
 * `POST /api/notes/{id}/rename-links`: note `id` was called `from` and is now called `to`;
 * links to `from` in the account's other notes (only those named in `only`, for an undo) name
 * `to` instead.
 */
export interface RenameLinksRequest {
  from: string;
  to: string;
  only?: string[];
}

/** The notes whose links changed, each as its new revision, and how many they are. */
export interface RenameLinksResponse {
  count: number;
  results: Note[];
}
