import type { SaveSync } from './note-document.js';

/** A note as the API sends and receives it (docs/api.md#routes). Ids are opaque strings. */
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
 * `sync` (an extension, docs/sync.md) carries the device's document updates: the server merges
 * those, by character identity, and the body is then what the device shows. `edits`, what
 * Quire's client sent before it kept documents, is taken and ignored (such a save is merged by
 * its text).
 */
export interface UpdateNoteRequest {
  id: string;
  body: string;
  timeCreated?: number;
  timeLastModified?: number;
  revision?: number;
  sync?: SaveSync;
  edits?: Record<string, unknown>[];
}
