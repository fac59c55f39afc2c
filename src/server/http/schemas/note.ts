import { Type } from '@sinclair/typebox';

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

/** Bytes as base64 text (a Yjs update or state vector). */
export const Base64 = Type.String({ pattern: '^[A-Za-z0-9+/]*={0,2}$' });

/** A `SaveSync` (src/shared/note-document.ts). */
const SaveSyncSchema = Type.Object(
  { update: Base64, vector: Type.Optional(Base64) },
  { additionalProperties: false },
);

/**
 * The edit scripts Quire's client sent before it kept a document per note: still taken, so a
 * page of that version saves as a plain client does, and ignored.
 */
const FormerEdits = Type.Array(Type.Record(Type.String(), Type.Unknown()), { maxItems: 10_000 });

/** `PUT /api/notes`: an `UpdateNoteRequest` (src/shared/note.ts says what each field means). */
export const UpdateNoteRequest = Type.Object(
  {
    id: Type.String({ minLength: 1, maxLength: 64 }),
    body: Type.String(),
    timeCreated: Type.Optional(UnixSeconds),
    timeLastModified: Type.Optional(UnixSeconds),
    revision: Type.Optional(Revision),
    sync: Type.Optional(SaveSyncSchema),
    edits: Type.Optional(FormerEdits),
  },
  { additionalProperties: false },
);

/** The answer to a save with `sync`: the note, and what the saving device lacks. */
export const SyncedNoteResponse = Type.Object(
  { ...NoteSchema.properties, sync: Type.Optional(Type.Object({ update: Base64 })) },
  { additionalProperties: false },
);

/** `GET /api/notes/{id}/document`: a `NoteDocumentAnswer` (src/shared/note-document.ts). */
/** A revision as a query value (queries are text; nothing is coerced). */
const RevisionText = Type.String({ pattern: '^[1-9][0-9]{0,14}$' });

export const NoteDocumentQuery = Type.Object(
  {
    since: Type.Optional(RevisionText),
    at: Type.Optional(RevisionText),
    vector: Type.Optional(Type.String({ pattern: '^[A-Za-z0-9_-]*$', maxLength: 4096 })),
  },
  { additionalProperties: false },
);
export const NoteDocumentResponse = Type.Object({
  revision: Revision,
  update: Base64,
  base: Type.Optional(Base64),
});

/** `GET /api/notes` — every note of the user, most recently modified first. */
export const NoteListResponse = Type.Object({ results: Type.Array(NoteSchema) });
