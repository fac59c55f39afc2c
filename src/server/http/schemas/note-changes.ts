import { Type } from '@sinclair/typebox';
import { NoteSchema } from './note.js';

/**
 * `GET /api/notes?since=<cursor>`: only what changed after the cursor, an opaque string from
 * the `quire-cursor` header or a previous answer (on PostgreSQL it can run to a few hundred
 * characters).
 */
export const NoteChangesQuery = Type.Object({
  since: Type.Optional(Type.String({ maxLength: 4096 })),
});

/** A `NoteChangesResponse` (src/shared/note-changes.ts). */
export const NoteChangesResponse = Type.Object({
  results: Type.Array(NoteSchema),
  deleted: Type.Array(Type.String()),
  cursor: Type.String(),
});

/**
 * `GET /api/notes`: the whole list `{results}` (docs/api.md#routes), or with `since` only what
 * changed, with `deleted` and `cursor` as well.
 */
export const NoteListResponse = Type.Object({
  results: Type.Array(NoteSchema),
  deleted: Type.Optional(Type.Array(Type.String())),
  cursor: Type.Optional(Type.String()),
});
