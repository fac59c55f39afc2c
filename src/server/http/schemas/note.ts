import { Type } from '@sinclair/typebox';
import { MAX_SENT_EDITS } from '../../../shared/exact-edits.js';

/** Unix time in whole seconds, as every timestamp in the API is. */
export const UnixSeconds = Type.Integer({ minimum: 0 });

/** A note's version number; see `Note.revision`. */
export const Revision = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });

/** A `Note` (src/shared/note.ts) as the API checks it. */
export const NoteSchema = Type.Object(
  {
    id: Type.String({ minLength: 1, maxLength: 64 }),
    body: Type.String(),
    timeCreated: UnixSeconds,
    timeLastModified: UnixSeconds,
    revision: Revision,
  },
  { additionalProperties: false, $id: 'Note' },
);

/**
 * `POST /api/notes` — a new note starts with the given body (the client sends ""). A client may
 * make the id itself (a UUID, e.g. for a note created offline); a second POST with the same id
 * answers the note already stored instead of making a duplicate.
 */
export const CreateNoteRequest = Type.Object(
  { body: Type.String(), id: Type.Optional(Type.String({ format: 'uuid' })) },
  { additionalProperties: false },
);

/** One `TextEdit`: at offset `at` (UTF-16 units), `remove` units give way to `insert`. */
const TextEditSchema = Type.Object(
  {
    at: Type.Integer({ minimum: 0 }),
    remove: Type.Integer({ minimum: 0 }),
    insert: Type.String(),
  },
  { additionalProperties: false },
);

/** `PUT /api/notes`: an `UpdateNoteRequest` (src/shared/note.ts says what each field means). */
export const UpdateNoteRequest = Type.Object(
  {
    id: Type.String({ minLength: 1, maxLength: 64 }),
    body: Type.String(),
    timeCreated: Type.Optional(UnixSeconds),
    timeLastModified: Type.Optional(UnixSeconds),
    revision: Type.Optional(Revision),
    edits: Type.Optional(Type.Array(TextEditSchema, { maxItems: MAX_SENT_EDITS })),
  },
  { additionalProperties: false },
);

/** `GET /api/notes` — every note of the user, most recently modified first. */
export const NoteListResponse = Type.Object({ results: Type.Array(NoteSchema) });
