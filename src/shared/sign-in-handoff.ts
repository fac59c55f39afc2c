// How a sign-in made outside the Log In form reaches the web app: the server sends the browser
// to `/#sign-in` (the code waits in a cookie) or `/#sign-in=CODE` (a link from `quire user
// login-link`), or to `/#sign-in-error=REASON` when the provider's sign-in did not work out.

export const SIGN_IN_FRAGMENT = 'sign-in';
export const SIGN_IN_ERROR_FRAGMENT = 'sign-in-error';

/** Why a sign-in through the OpenID provider ended back on the Log In screen. */
export const SIGN_IN_FAILURES = [
  /** The person cancelled at the provider, or the provider refused. */
  'denied',
  /** The provider signed the person in, but the allow-list does not let them in. */
  'not_allowed',
  /** The provider's e-mail for the person is not verified, so no account is matched or made. */
  'unverified_email',
  /** The provider shared no e-mail address, and no account is linked to the person yet. */
  'no_email',
  /** The sign-in took too long, or came back to another browser than the one that began it. */
  'expired',
  /** The provider cannot be reached, or answered with something Quire cannot use. */
  'unavailable',
  /** Anything else that went wrong between Quire and the provider. */
  'failed',
] as const;

export type SignInFailure = (typeof SIGN_IN_FAILURES)[number];

/** `GET /api/config` → `oidc`, when this server signs in through an OpenID provider. */
export interface OidcSignInOption {
  /** What the sign-in button says. */
  buttonLabel: string;
  /** The path the button leads to (a full page navigation). */
  startPath: string;
}
