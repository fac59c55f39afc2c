import { type Static, Type } from '@sinclair/typebox';
import { NoteSchema, Revision, UnixSeconds } from './note.js';

/** Why a past text was kept. */
export const VersionReason = Type.Union([
  /** Replaced by a later save; snapshots of these are kept every few minutes of typing. */
  Type.Literal('edit'),
  /** Set aside by a merge where another device changed the same text. */
  Type.Literal('conflict'),
  /** The text the note had when an older version was restored over it. */
  Type.Literal('restore'),
  /** The text the note had when it went to the trash. */
  Type.Literal('delete'),
]);
export type VersionReason = Static<typeof VersionReason>;

/** One entry of a note's history, without its body. */
export const VersionSummary = Type.Object(
  { revision: Revision, timeLastModified: UnixSeconds, reason: VersionReason },
  { additionalProperties: false },
);
export type VersionSummary = Static<typeof VersionSummary>;

/** `GET /api/notes/{id}/versions` — past versions, newest first (the current text is the note). */
export const VersionListResponse = Type.Object({ results: Type.Array(VersionSummary) });
export type VersionListResponse = Static<typeof VersionListResponse>;

/** `POST /api/notes/{id}/restore` — make this version's text the note's newest revision. */
export const RestoreVersionRequest = Type.Object(
  { revision: Revision },
  { additionalProperties: false },
);
export type RestoreVersionRequest = Static<typeof RestoreVersionRequest>;

/** A note in the trash: the note as it was, and when it was deleted. */
export const TrashedNoteSchema = Type.Composite([
  NoteSchema,
  Type.Object({ timeDeleted: UnixSeconds }),
]);
export type TrashedNote = Static<typeof TrashedNoteSchema>;

/** `GET /api/trash` — the notes in the trash, most recently deleted first. */
export const TrashListResponse = Type.Object({ results: Type.Array(TrashedNoteSchema) });
export type TrashListResponse = Static<typeof TrashListResponse>;
