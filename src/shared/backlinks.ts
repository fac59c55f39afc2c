import { type Static, Type } from '@sinclair/typebox';
import { NoteSchema } from './note.js';

/**
 * A note that links to another: the note, the line holding its first link to it (plain text, not
 * HTML), and where that link starts in its body (`at`, UTF-16 units), so a client can open it
 * there.
 */
export const Backlink = Type.Object(
  { note: NoteSchema, snippet: Type.String(), at: Type.Integer({ minimum: 0 }) },
  { additionalProperties: false },
);
export type Backlink = Static<typeof Backlink>;

/** `GET /api/notes/{id}/backlinks` — the notes linking to this one, most recently modified first. */
export const BacklinksResponse = Type.Object({ results: Type.Array(Backlink) });
export type BacklinksResponse = Static<typeof BacklinksResponse>;
