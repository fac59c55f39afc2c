import { Type } from '@sinclair/typebox';
import { NoteSchema, Revision, UnixSeconds } from './note.js';

/** A `VersionReason` (src/shared/note-history.ts says what each means). */
export const VersionReason = Type.Union([
  Type.Literal('edit'),
  Type.Literal('conflict'),
  Type.Literal('restore'),
  Type.Literal('delete'),
]);

/** A `VersionChange`: the words a version added and removed, and the first of them. */
const VersionChange = Type.Object(
  {
    wordsAdded: Type.Integer({ minimum: 0 }),
    wordsRemoved: Type.Integer({ minimum: 0 }),
    firstChanged: Type.Union([
      Type.Object(
        { text: Type.String(), removed: Type.Boolean() },
        { additionalProperties: false },
      ),
      Type.Null(),
    ]),
  },
  { additionalProperties: false },
);

/** A `VersionSummary`: one entry of a note's history, without its body. */
export const VersionSummary = Type.Object(
  {
    revision: Revision,
    timeLastModified: UnixSeconds,
    reason: VersionReason,
    change: VersionChange,
  },
  { additionalProperties: false },
);

/** `GET /api/notes/{id}/versions` — past versions, newest first (the current text is the note). */
export const VersionListResponse = Type.Object({ results: Type.Array(VersionSummary) });

/** `POST /api/notes/{id}/restore` — make this version's text the note's newest revision. */
export const RestoreVersionRequest = Type.Object(
  { revision: Revision },
  { additionalProperties: false },
);

/** A `TrashedNote`: the note as it was, and when it was deleted. */
export const TrashedNoteSchema = Type.Composite([
  NoteSchema,
  Type.Object({ timeDeleted: UnixSeconds }),
]);

/** `GET /api/trash` — the notes in the trash, most recently deleted first. */
export const TrashListResponse = Type.Object({ results: Type.Array(TrashedNoteSchema) });
