import { timingSafeEqual } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';

// RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, 30-second steps.
const PERIOD_SECONDS = 30;
const DIGITS = 6;
const SECRET_BYTES = 20;
/** Steps either side of now a code is accepted for, for phones whose clock drifts a little. */
const DRIFT_STEPS = 1;
const ISSUER = 'Quire';

/** A new random secret, base32 as authenticator apps show it. */
export function newTotpSecret(): string {
  return new Secret({ size: SECRET_BYTES }).base32;
}

/** The otpauth:// URI a QR code carries to the authenticator app. */
export function totpUri(secret: string, accountName: string): string {
  return new TOTP({
    issuer: ISSUER,
    label: accountName,
    secret: Secret.fromBase32(secret),
    digits: DIGITS,
    period: PERIOD_SECONDS,
  }).toString();
}

/** The code for one time step (tests and the check below). */
export function totpCodeAt(secret: string, step: number): string {
  return TOTP.generate({
    secret: Secret.fromBase32(secret),
    digits: DIGITS,
    period: PERIOD_SECONDS,
    timestamp: step * PERIOD_SECONDS * 1000,
  });
}

export function currentTotpStep(nowMs = Date.now()): number {
  return TOTP.counter({ period: PERIOD_SECONDS, timestamp: nowMs });
}

export function looksLikeTotpCode(text: string): boolean {
  return new RegExp(`^\\d{${DIGITS}}$`).test(text);
}

/**
 * The time step a code belongs to, near now and after `lastUsedStep` (so a code, once used,
 * is never accepted again); undefined when it matches none.
 */
export function matchTotpStep(
  secret: string,
  code: string,
  lastUsedStep: number | null,
  nowMs = Date.now(),
): number | undefined {
  if (!looksLikeTotpCode(code)) return undefined;
  const now = currentTotpStep(nowMs);
  for (let step = now - DRIFT_STEPS; step <= now + DRIFT_STEPS; step += 1) {
    if (lastUsedStep !== null && step <= lastUsedStep) continue;
    const expected = Buffer.from(totpCodeAt(secret, step));
    if (timingSafeEqual(expected, Buffer.from(code))) return step;
  }
  return undefined;
}
