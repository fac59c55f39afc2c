import { type Static, Type } from '@sinclair/typebox';
import { NoteSchema } from './note.js';

/**
 * `GET /api/notes?since=<cursor>`: only what changed after the cursor, an opaque string from
 * the `quire-cursor` header or a previous answer (on PostgreSQL it can run to a few hundred
 * characters).
 */
export const NoteChangesQuery = Type.Object({
  since: Type.Optional(Type.String({ maxLength: 4096 })),
});

/**
 * Notes stored after the cursor (in the list), ids of notes that left the list since (moved to
 * the trash or purged), and the cursor to send next time.
 */
export const NoteChangesResponse = Type.Object({
  results: Type.Array(NoteSchema),
  deleted: Type.Array(Type.String()),
  cursor: Type.String(),
});
export type NoteChangesResponse = Static<typeof NoteChangesResponse>;
