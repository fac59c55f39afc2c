import { Type } from '@sinclair/typebox';
import { MAX_EMAIL_LENGTH, MAX_PASSWORD_LENGTH } from '../../../shared/account-limits.js';

/**
 * `POST /api/login` and `POST /api/signup`; the email is sent as `username`
 * (docs/interface.md#the-log-in-form).
 */
export const CredentialsRequest = Type.Object(
  {
    username: Type.String({ maxLength: MAX_EMAIL_LENGTH + 64 }),
    password: Type.String({ maxLength: MAX_PASSWORD_LENGTH }),
  },
  { additionalProperties: false },
);

/** `GET /api/config` — what the log-in screen needs to know before anyone signs in. */
export const PublicConfigResponse = Type.Object({
  signupOpen: Type.Boolean(),
  /** No account exists on this server yet: the log-in screen leads to making the first one. */
  firstRun: Type.Boolean(),
  /**
   * The largest note the server stores, in bytes of the JSON a save sends (`PUT /api/notes`):
   * a client can say a note is too large instead of retrying it for ever.
   */
  maxNoteBytes: Type.Number(),
  /** False with OIDC_ONLY: the Log In form is not offered, and password log-in is refused. */
  passwordSignIn: Type.Boolean(),
  /** Present when this server signs in through an OpenID provider: the button to show. */
  oidc: Type.Optional(Type.Object({ buttonLabel: Type.String(), startPath: Type.String() })),
});

/** `GET /api/check` — the token is valid; whose it is. */
export const CheckResponse = Type.Object({ email: Type.String() });
