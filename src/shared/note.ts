import type { TextEdit } from './text-edits.js';

/** A note as the API sends and receives it (spec §3.1). Ids are opaque strings. */
export interface Note {
  id: string;
  body: string;
  /** Unix time in whole seconds, as every timestamp in the API is. */
  timeCreated: number;
  timeLastModified: number;
  /** The note's version: 1 when created, +1 on every stored change. Newer is larger. */
  revision: number;
}

export type NoteId = Note['id'];

/**
 * `PUT /api/notes` — the whole note with its new body. The server owns the timestamps, so the
 * ones sent are checked for shape but not stored. `revision` is the version the edit started
 * from (its base): when the stored note is newer, the server merges the two. Without it (a plain
 * client) the body replaces the stored one, and the replaced text is kept in history.
 * `edits` (an extension, docs/sync.md) are the edits, as typed, that turn the base's text into
 * `body`; a merge places them as made instead of diffing the texts. Edits that do not make
 * `body` from the base are ignored.
 */
export interface UpdateNoteRequest {
  id: string;
  body: string;
  timeCreated?: number;
  timeLastModified?: number;
  revision?: number;
  edits?: TextEdit[];
}
