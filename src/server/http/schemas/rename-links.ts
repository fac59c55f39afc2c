import { Type } from '@sinclair/typebox';
import { MAX_RENAMED_NOTES } from '../../../shared/rename-links-request.js';
import { NoteSchema } from './note.js';

/** Links read a title as the list shows it, cut short; this leaves room for wide characters. */
const LinkName = Type.String({ minLength: 1, maxLength: 400 });

/** A `RenameLinksRequest` (src/shared/rename-links-request.ts). */
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

/** A `RenameLinksResponse` (src/shared/rename-links-request.ts). */
export const RenameLinksResponse = Type.Object({
  count: Type.Integer({ minimum: 0 }),
  results: Type.Array(NoteSchema),
});
