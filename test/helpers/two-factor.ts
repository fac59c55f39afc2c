import { Secret, TOTP } from 'otpauth';
import { call } from './api-client.js';

/** The code an authenticator app shows for this secret, `offsetSteps` 30-second steps from now. */
export function totpCode(secret: string, offsetSteps = 0): string {
  return TOTP.generate({
    secret: Secret.fromBase32(secret),
    timestamp: Date.now() + offsetSteps * 30_000,
  });
}

/** Turns two-factor sign-in on over the API, as the Account screen does. */
export async function enableTwoFactor(
  baseUrl: string,
  token: string,
  password = 'correct horse',
): Promise<{ secret: string; uri: string; recoveryCodes: string[] }> {
  const setup = await call(baseUrl, 'POST', '/api/account/totp', { token, body: { password } });
  if (setup.status !== 200) throw new Error(`totp setup failed: ${setup.status} ${setup.text}`);
  const { secret, uri } = setup.json as { secret: string; uri: string };
  const confirm = await call(baseUrl, 'POST', '/api/account/totp/confirm', {
    token,
    body: { code: totpCode(secret) },
  });
  if (confirm.status !== 200) throw new Error(`totp confirm failed: ${confirm.status}`);
  return {
    secret,
    uri,
    recoveryCodes: (confirm.json as { recoveryCodes: string[] }).recoveryCodes,
  };
}
