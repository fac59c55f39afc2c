import { type Static, Type } from '@sinclair/typebox';

/** Unix time in whole seconds, as every timestamp in the API is. */
export const UnixSeconds = Type.Integer({ minimum: 0 });

/** A note as the API sends and receives it (spec §3.1). Ids are opaque strings. */
export const NoteSchema = Type.Object(
  {
    id: Type.String({ minLength: 1, maxLength: 64 }),
    body: Type.String(),
    timeCreated: UnixSeconds,
    timeLastModified: UnixSeconds,
  },
  { additionalProperties: false, $id: 'Note' },
);
export type Note = Static<typeof NoteSchema>;
export type NoteId = Note['id'];

/** `POST /api/notes` — a new note starts with the given body (the client sends ""). */
export const CreateNoteRequest = Type.Object(
  { body: Type.String() },
  { additionalProperties: false },
);
export type CreateNoteRequest = Static<typeof CreateNoteRequest>;

/**
 * `PUT /api/notes` — the whole note with its new body. The server owns the timestamps, so the
 * ones sent are checked for shape but not stored.
 */
export const UpdateNoteRequest = Type.Object(
  {
    id: Type.String({ minLength: 1, maxLength: 64 }),
    body: Type.String(),
    timeCreated: Type.Optional(UnixSeconds),
    timeLastModified: Type.Optional(UnixSeconds),
  },
  { additionalProperties: false },
);
export type UpdateNoteRequest = Static<typeof UpdateNoteRequest>;

/** `GET /api/notes` — every note of the user, most recently modified first. */
export const NoteListResponse = Type.Object({ results: Type.Array(NoteSchema) });
export type NoteListResponse = Static<typeof NoteListResponse>;
