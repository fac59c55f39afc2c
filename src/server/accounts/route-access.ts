import { TOKEN_SCOPE_LABELS, type TokenScope } from '../../shared/api-tokens.js';
import { DomainError } from '../domain-errors.js';
import type { SessionOwner } from './session-repository.js';

/**
 * What an authenticated route lets in, declared once where the route is registered: a session or
 * an API token with this scope; a session only (`'session'`: managing the account, and the web
 * client's own mechanics); or any session or token at all (`'any'`: only `GET /api/check`).
 */
export type RouteAccess = TokenScope | 'session' | 'any';

/** Answers why this caller may not use a route with this access, or nothing if it may. */
export function checkAccess(caller: SessionOwner, access: RouteAccess): void {
  if (!caller.scopes || access === 'any') return;
  if (access === 'session') {
    throw new DomainError(
      'session_required',
      'An API token cannot manage the account; sign in to Quire to do this',
    );
  }
  if (!caller.scopes.includes(access)) {
    throw new DomainError(
      'scope_denied',
      `This API token lacks the ${access} scope (${TOKEN_SCOPE_LABELS[access]}) this call needs`,
    );
  }
}
