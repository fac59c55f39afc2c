import { Type } from '@sinclair/typebox';
import { MAX_PASSWORD_LENGTH } from '../../../shared/account-limits.js';
import { MAX_TOKEN_NAME_LENGTH, TOKEN_SCOPES } from '../../../shared/api-tokens.js';
import { UnixSeconds } from './note.js';

export const TokenScope = Type.Union(TOKEN_SCOPES.map((scope) => Type.Literal(scope)));

/** An `ApiTokenInfo` (src/shared/api-tokens.ts). */
export const ApiTokenInfo = Type.Object({
  id: Type.String(),
  name: Type.String(),
  scopes: Type.Array(TokenScope),
  timeCreated: UnixSeconds,
  timeExpires: Type.Union([UnixSeconds, Type.Null()]),
  timeLastUsed: Type.Union([UnixSeconds, Type.Null()]),
});

export const ApiTokenListResponse = Type.Object({ results: Type.Array(ApiTokenInfo) });

export const CreateApiTokenRequest = Type.Object(
  {
    name: Type.String({ minLength: 1, maxLength: MAX_TOKEN_NAME_LENGTH }),
    scopes: Type.Array(TokenScope, {
      minItems: 1,
      maxItems: TOKEN_SCOPES.length,
      uniqueItems: true,
    }),
    timeExpires: Type.Union([UnixSeconds, Type.Null()]),
    password: Type.String({ maxLength: MAX_PASSWORD_LENGTH }),
  },
  { additionalProperties: false },
);

export const CreateApiTokenResponse = Type.Composite([
  ApiTokenInfo,
  Type.Object({ token: Type.String({ description: 'The token, shown this once' }) }),
]);

export const ApiTokenIdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });
