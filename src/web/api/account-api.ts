import type {
  AccountResponse,
  SessionInfo,
  TotpSetupResponse,
} from '../../shared/account-security.js';
import type { ErrorCode } from '../../shared/api-error.js';
import type {
  ApiTokenInfo,
  CreateApiTokenRequest,
  CreateApiTokenResponse,
} from '../../shared/api-tokens.js';
import type { AttachmentUsage } from '../../shared/attachment.js';
import type {
  CreateShareRequest,
  CreateShareResponse,
  CreateTagShareRequest,
  ShareInfo,
  ShareListResponse,
  UpdateShareRequest,
} from '../../shared/shares.js';
import type { SpellingSettings, SpellLanguageChoice } from '../../shared/spelling.js';
import { apiRequest, readApiError } from './http-client.js';

/** An Account screen call the server refused; screens branch on `code`. */
export class AccountRequestError extends Error {
  readonly status: number;
  readonly code: ErrorCode | undefined;
  constructor(status: number, code: string | undefined, text: string | undefined) {
    super(text ?? `Request refused (${status})`);
    this.name = 'AccountRequestError';
    this.status = status;
    this.code = code as ErrorCode | undefined;
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

async function accountCall<T>(token: string, method: Method, path: string, body?: unknown) {
  const response = await apiRequest(path, { method, token, body });
  if (!response.ok) {
    const { error, code } = await readApiError(response);
    throw new AccountRequestError(response.status, code, error);
  }
  return (response.status === 204 ? undefined : await response.json()) as T;
}

export const accountApi = {
  account: (token: string) => accountCall<AccountResponse>(token, 'GET', '/api/account'),
  startTotp: (token: string, password: string) =>
    accountCall<TotpSetupResponse>(token, 'POST', '/api/account/totp', { password }),
  confirmTotp: (token: string, code: string) =>
    accountCall<{ recoveryCodes: string[] }>(token, 'POST', '/api/account/totp/confirm', {
      code,
    }),
  disableTotp: (token: string, password: string, totp: string) =>
    accountCall<void>(token, 'DELETE', '/api/account/totp', { password, totp }),
  sessions: async (token: string) =>
    (await accountCall<{ results: SessionInfo[] }>(token, 'GET', '/api/sessions')).results,
  endSession: (token: string, id: string) =>
    accountCall<void>(token, 'DELETE', `/api/sessions/${encodeURIComponent(id)}`),
  endOtherSessions: (token: string) => accountCall<void>(token, 'DELETE', '/api/sessions'),
  apiTokens: async (token: string) =>
    (await accountCall<{ results: ApiTokenInfo[] }>(token, 'GET', '/api/tokens')).results,
  createApiToken: (token: string, request: CreateApiTokenRequest) =>
    accountCall<CreateApiTokenResponse>(token, 'POST', '/api/tokens', request),
  revokeApiToken: (token: string, id: string) =>
    accountCall<void>(token, 'DELETE', `/api/tokens/${encodeURIComponent(id)}`),
  shares: async (token: string) =>
    (await accountCall<ShareListResponse>(token, 'GET', '/api/shares')).results,
  createShare: (token: string, noteId: string, request: CreateShareRequest) =>
    accountCall<CreateShareResponse>(
      token,
      'POST',
      `/api/notes/${encodeURIComponent(noteId)}/shares`,
      request,
    ),
  createTagShare: (token: string, request: CreateTagShareRequest) =>
    accountCall<CreateShareResponse>(token, 'POST', '/api/tags/shares', request),
  updateShare: (token: string, id: string, request: UpdateShareRequest) =>
    accountCall<ShareInfo>(token, 'PATCH', `/api/shares/${encodeURIComponent(id)}`, request),
  revokeShare: (token: string, id: string) =>
    accountCall<void>(token, 'DELETE', `/api/shares/${encodeURIComponent(id)}`),
  revokeAllShares: (token: string) => accountCall<void>(token, 'DELETE', '/api/shares'),
  attachmentUsage: (token: string) =>
    accountCall<AttachmentUsage>(token, 'GET', '/api/attachments/usage'),
  /** `totp` only while two-factor sign-in is on. */
  changePassword: (token: string, currentPassword: string, newPassword: string, totp?: string) =>
    accountCall<void>(token, 'POST', '/api/account/password', {
      currentPassword,
      newPassword,
      ...(totp === undefined ? {} : { totp }),
    }),
  /** `totp` only while two-factor sign-in is on. */
  deleteAccount: (token: string, password: string, totp?: string) =>
    accountCall<void>(token, 'DELETE', '/api/account', {
      password,
      ...(totp === undefined ? {} : { totp }),
    }),
  spelling: (token: string) => accountCall<SpellingSettings>(token, 'GET', '/api/account/spelling'),
  chooseSpellLanguage: (token: string, language: SpellLanguageChoice) =>
    accountCall<SpellingSettings>(token, 'PUT', '/api/account/spelling/language', { language }),
  addDictionaryWord: (token: string, word: string) =>
    accountCall<SpellingSettings>(token, 'POST', '/api/account/spelling/words', { word }),
  removeDictionaryWord: (token: string, word: string) =>
    accountCall<SpellingSettings>(token, 'DELETE', '/api/account/spelling/words', { word }),
};

/** The Account screen's calls about spelling, as the spelling controller uses them. */
export type SpellingApi = Pick<
  typeof accountApi,
  'spelling' | 'chooseSpellLanguage' | 'addDictionaryWord' | 'removeDictionaryWord'
>;

/** What to tell the user when an Account screen call fails. */
export function accountErrorMessage(error: unknown): string {
  if (!(error instanceof AccountRequestError)) return 'Cannot reach the server. Please try again.';
  switch (error.code) {
    case 'wrong_password':
      return 'The password is not right.';
    case 'totp_required':
      return 'Enter the code from your authenticator app.';
    case 'invalid_totp':
      return 'That code does not match. Check the time on your phone and try the next code.';
    case 'rate_limited':
      return 'Too many attempts. Please wait a minute and try again.';
    case 'invalid_input':
      return error.message;
    case 'conflict':
      return 'Two-factor sign-in changed meanwhile. Reload the page.';
    default:
      return 'That did not work. Please try again.';
  }
}
