import { Type } from '@sinclair/typebox';
import { MAX_PASSWORD_LENGTH } from '../../../shared/account-limits.js';
import { UnixSeconds } from './note.js';

/** Longer than any tag a person writes; a tag's link names its tag in a page title. */
const MAX_TAG_LENGTH = 200;

/** A `ShareInfo` (src/shared/shares.ts). */
export const ShareInfo = Type.Object({
  id: Type.String(),
  noteId: Type.Union([Type.String(), Type.Null()]),
  tag: Type.Union([Type.String(), Type.Null()]),
  nestedTags: Type.Boolean(),
  title: Type.String(),
  hint: Type.String(),
  timeCreated: UnixSeconds,
  timeExpires: Type.Union([UnixSeconds, Type.Null()]),
  hasPassword: Type.Boolean(),
  allowSearchEngines: Type.Boolean(),
  views: Type.Integer({ minimum: 0 }),
  timeLastView: Type.Union([UnixSeconds, Type.Null()]),
});

export const ShareListResponse = Type.Object({ results: Type.Array(ShareInfo) });

const shareOptions = {
  timeExpires: Type.Optional(Type.Union([UnixSeconds, Type.Null()])),
  password: Type.Optional(
    Type.Union([Type.String({ minLength: 1, maxLength: MAX_PASSWORD_LENGTH }), Type.Null()]),
  ),
  allowSearchEngines: Type.Optional(Type.Boolean()),
};

export const CreateShareRequest = Type.Object(shareOptions, { additionalProperties: false });

export const CreateTagShareRequest = Type.Object(
  {
    ...shareOptions,
    tag: Type.String({ minLength: 1, maxLength: MAX_TAG_LENGTH }),
    nestedTags: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

export const UpdateShareRequest = Type.Object(shareOptions, { additionalProperties: false });

export const CreateShareResponse = Type.Composite([
  ShareInfo,
  Type.Object({
    path: Type.String({ description: 'The page, /s/{token}, shown whole this once' }),
  }),
]);

export const ShareIdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });
