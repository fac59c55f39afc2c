import { Type } from '@sinclair/typebox';
import { NoteSchema } from './note.js';

/** A `Backlink` (src/shared/backlinks.ts). */
export const Backlink = Type.Object(
  { note: NoteSchema, snippet: Type.String(), at: Type.Integer({ minimum: 0 }) },
  { additionalProperties: false },
);

/** A `BacklinksResponse` (src/shared/backlinks.ts). */
export const BacklinksResponse = Type.Object({ results: Type.Array(Backlink) });
