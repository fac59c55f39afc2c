import { type Static, Type } from '@sinclair/typebox';
import { NoteSchema } from './note.js';

/** Links read a title as the list shows it, cut short; this leaves room for wide characters. */
const LinkName = Type.String({ minLength: 1, maxLength: 400 });

/** Most notes one undo names: far more than one rename changes in a real account. */
export const MAX_RENAMED_NOTES = 10_000;

/**
 * `POST /api/notes/{id}/rename-links`: note `id` was called `from` and is now called `to`;
 * links to `from` in the account's other notes (only those named in `only`, for an undo) name
 * `to` instead.
 */
export const RenameLinksRequest = Type.Object(
  {
    from: LinkName,
    to: LinkName,
    only: Type.Optional(
      Type.Array(Type.String({ minLength: 1, maxLength: 64 }), { maxItems: MAX_RENAMED_NOTES }),
    ),
  },
  { additionalProperties: false },
);
export type RenameLinksRequest = Static<typeof RenameLinksRequest>;

/** The notes whose links changed, each as its new revision, and how many they are. */
export const RenameLinksResponse = Type.Object({
  count: Type.Integer({ minimum: 0 }),
  results: Type.Array(NoteSchema),
});
export type RenameLinksResponse = Static<typeof RenameLinksResponse>;
