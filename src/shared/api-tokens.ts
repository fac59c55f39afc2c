/**
 * What a personal API token may do. A token is for scripts and other programs; it never manages
 * the account (password, two-factor sign-in, sessions, tokens, deletion), whatever its scopes.
 */
export const TOKEN_SCOPES = ['notes:read', 'notes:write', 'import-export', 'attachments'] as const;

export type TokenScope = (typeof TOKEN_SCOPES)[number];

/** How each scope reads in the Account screen. */
export const TOKEN_SCOPE_LABELS: Record<TokenScope, string> = {
  'notes:read': 'Read notes',
  'notes:write': 'Write notes',
  'import-export': 'Import and export',
  attachments: 'Attachments',
};

/** Every API token starts with this, so it is told from a session token (and found if leaked). */
export const API_TOKEN_PREFIX = 'quire_pat_';

export const MAX_TOKEN_NAME_LENGTH = 100;

/** One API token as `GET /api/tokens` lists it; times in Unix seconds. */
export interface ApiTokenInfo {
  id: string;
  name: string;
  scopes: TokenScope[];
  timeCreated: number;
  /** When it stops working; null: never. */
  timeExpires: number | null;
  /** When it was last used, to a minute or so; null: never. */
  timeLastUsed: number | null;
}

export interface ApiTokenListResponse {
  results: ApiTokenInfo[];
}

/** `POST /api/tokens`: confirmed with the account's password. */
export interface CreateApiTokenRequest {
  name: string;
  scopes: TokenScope[];
  /** Unix seconds in the future, or null for a token that never expires. */
  timeExpires: number | null;
  password: string;
}

/** The new token, shown this once, with what the list will say of it. */
export interface CreateApiTokenResponse extends ApiTokenInfo {
  token: string;
}
