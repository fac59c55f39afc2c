import { Type } from '@sinclair/typebox';
import { MAX_EMAIL_LENGTH, MAX_PASSWORD_LENGTH } from '../../../shared/account-limits.js';

const Password = Type.String({ maxLength: MAX_PASSWORD_LENGTH });
/** A code from the authenticator app, or a recovery code; generous for spaces and dashes. */
const SecondFactorCode = Type.String({ maxLength: 64 });

/** `POST /api/login`: the credentials, and the second factor when the account has one. */
export const LoginRequest = Type.Object(
  {
    username: Type.String({ maxLength: MAX_EMAIL_LENGTH + 64 }),
    password: Password,
    totp: Type.Optional(SecondFactorCode),
  },
  { additionalProperties: false },
);

/**
 * `POST /api/login/unlock`: the password and an unused recovery code lift a lock that too many
 * wrong two-factor codes put on the account, and sign in.
 */
export const UnlockRequest = Type.Object(
  {
    username: Type.String({ maxLength: MAX_EMAIL_LENGTH + 64 }),
    password: Password,
    recoveryCode: SecondFactorCode,
  },
  { additionalProperties: false },
);

/** An `AccountResponse` (src/shared/account-security.ts). */
export const AccountResponse = Type.Object({ email: Type.String(), totpEnabled: Type.Boolean() });

/** Bodies that only confirm who is asking: `POST /api/account/totp`. */
export const PasswordConfirmation = Type.Object(
  { password: Password },
  { additionalProperties: false },
);

/**
 * `DELETE /api/account/totp` and `DELETE /api/account`: the password and, while two-factor
 * sign-in is on, a current code from the app (or a recovery code), so a password alone can
 * neither take the second factor away nor delete the account.
 */
export const PasswordAndSecondFactor = Type.Object(
  { password: Password, totp: Type.Optional(SecondFactorCode) },
  { additionalProperties: false },
);

/** A `TotpSetupResponse` (src/shared/account-security.ts). */
export const TotpSetupResponse = Type.Object({ secret: Type.String(), uri: Type.String() });

/** `POST /api/account/totp/confirm` with a code from the app. */
export const TotpConfirmRequest = Type.Object(
  { code: SecondFactorCode },
  { additionalProperties: false },
);

/** The single-use recovery codes, shown this once. */
export const TotpConfirmResponse = Type.Object({ recoveryCodes: Type.Array(Type.String()) });

/** `POST /api/account/password`; `totp` is needed while two-factor sign-in is on. */
export const PasswordChangeRequest = Type.Object(
  { currentPassword: Password, newPassword: Password, totp: Type.Optional(SecondFactorCode) },
  { additionalProperties: false },
);

/** A `SessionInfo` (src/shared/account-security.ts). */
export const SessionInfo = Type.Object({
  id: Type.String(),
  current: Type.Boolean(),
  timeCreated: Type.Number(),
  timeLastSeen: Type.Number(),
  userAgent: Type.Union([Type.String(), Type.Null()]),
  address: Type.Union([Type.String(), Type.Null()]),
});

export const SessionListResponse = Type.Object({ results: Type.Array(SessionInfo) });

export const SessionIdParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });
