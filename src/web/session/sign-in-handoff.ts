import {
  SIGN_IN_ERROR_FRAGMENT,
  SIGN_IN_FAILURES,
  SIGN_IN_FRAGMENT,
  type SignInFailure,
} from '../../shared/sign-in-handoff.js';

/**
 * A sign-in made outside the Log In form, as the page's address brings it: a code to spend (from
 * a CLI link), the code the provider's sign-in left in a cookie, or why that sign-in failed.
 */
export type SignInHandoff =
  | { kind: 'code'; code: string }
  | { kind: 'cookie' }
  | { kind: 'failed'; reason: SignInFailure };

/** Why a hand-off brought no session: the provider's sign-in failed, or its code was refused. */
export type SignInProblem = { reason: SignInFailure } | { codeRefused: unknown };

export function parseSignInHash(hash: string): SignInHandoff | undefined {
  const text = hash.replace(/^#/, '');
  if (text === SIGN_IN_FRAGMENT) return { kind: 'cookie' };
  const at = text.indexOf('=');
  const name = text.slice(0, at);
  const value = text.slice(at + 1);
  if (at > 0 && name === SIGN_IN_FRAGMENT && /^[\w-]{1,128}$/.test(value)) {
    return { kind: 'code', code: value };
  }
  if (at > 0 && name === SIGN_IN_ERROR_FRAGMENT) {
    const known = (SIGN_IN_FAILURES as readonly string[]).includes(value);
    return { kind: 'failed', reason: known ? (value as SignInFailure) : 'failed' };
  }
  return undefined;
}

/**
 * Reads a hand-off from the address and takes it out at once, so a code never stays in the
 * address bar or in history, and a reload does not repeat it.
 */
export function takeSignInHandoff(
  location: Pick<Location, 'hash' | 'pathname' | 'search'>,
  history: Pick<History, 'replaceState' | 'state'>,
): SignInHandoff | undefined {
  const handoff = parseSignInHash(location.hash);
  if (handoff) history.replaceState(history.state, '', `${location.pathname}${location.search}`);
  return handoff;
}
