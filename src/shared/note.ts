import { type Static, Type } from '@sinclair/typebox';
import { MAX_SENT_EDITS } from './exact-edits.js';

/** Unix time in whole seconds, as every timestamp in the API is. */
export const UnixSeconds = Type.Integer({ minimum: 0 });

/** A note's version number; see `Note.revision`. */
export const Revision = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });

/** A note as the API sends and receives it (spec §3.1). Ids are opaque strings. */
export const NoteSchema = Type.Object(
  {
    id: Type.String({ minLength: 1, maxLength: 64 }),
    body: Type.String(),
    timeCreated: UnixSeconds,
    timeLastModified: UnixSeconds,
    /** The note's version: 1 when created, +1 on every stored change. Newer is larger. */
    revision: Revision,
  },
  { additionalProperties: false, $id: 'Note' },
);
export type Note = Static<typeof NoteSchema>;
export type NoteId = Note['id'];

/**
 * `POST /api/notes` — a new note starts with the given body (the client sends ""). A client may
 * make the id itself (a UUID, e.g. for a note created offline); a second POST with the same id
 * answers the note already stored instead of making a duplicate.
 */
export const CreateNoteRequest = Type.Object(
  { body: Type.String(), id: Type.Optional(Type.String({ format: 'uuid' })) },
  { additionalProperties: false },
);
export type CreateNoteRequest = Static<typeof CreateNoteRequest>;

/** One edit of a text: at offset `at` (UTF-16 units), `remove` units give way to `insert`. */
const TextEditSchema = Type.Object(
  {
    at: Type.Integer({ minimum: 0 }),
    remove: Type.Integer({ minimum: 0 }),
    insert: Type.String(),
  },
  { additionalProperties: false },
);

/**
 * `PUT /api/notes` — the whole note with its new body. The server owns the timestamps, so the
 * ones sent are checked for shape but not stored. `revision` is the version the edit started
 * from (its base): when the stored note is newer, the server merges the two. Without it (a plain
 * client) the body replaces the stored one, and the replaced text is kept in history.
 * `edits` (an extension, docs/sync.md) are the edits, as typed, that turn the base's text into
 * `body`; a merge places them as made instead of diffing the texts. Edits that do not make
 * `body` from the base are ignored.
 */
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
export type UpdateNoteRequest = Static<typeof UpdateNoteRequest>;

/** `GET /api/notes` — every note of the user, most recently modified first. */
export const NoteListResponse = Type.Object({ results: Type.Array(NoteSchema) });
export type NoteListResponse = Static<typeof NoteListResponse>;
