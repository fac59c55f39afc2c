import type { CreateApiTokenResponse, TokenScope } from '../../src/shared/api-tokens.js';
import { call } from './api-client.js';

/** The password `signUp` gives every account. */
export const TEST_PASSWORD = 'correct horse';

/** Makes a personal API token as the Account screen does, with the session of its owner. */
export async function createApiToken(
  baseUrl: string,
  session: string,
  scopes: TokenScope[],
  options: { name?: string; timeExpires?: number | null } = {},
): Promise<CreateApiTokenResponse> {
  const response = await call(baseUrl, 'POST', '/api/tokens', {
    token: session,
    body: {
      name: options.name ?? 'script',
      scopes,
      timeExpires: options.timeExpires ?? null,
      password: TEST_PASSWORD,
    },
  });
  if (response.status !== 201) {
    throw new Error(`token creation failed: ${response.status} ${response.text}`);
  }
  return response.json as CreateApiTokenResponse;
}

/** Headers that send an API token as `Authorization: Bearer`, not in the `token` header. */
export const bearer = (token: string) => ({ headers: { authorization: `Bearer ${token}` } });
