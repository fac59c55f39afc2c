import type { TotpSetupResponse } from '../../shared/account-security.js';
import type { Db } from '../db/schema.js';
import { conflict, invalidTotp, totpRequired } from '../domain-errors.js';
import { hashRecoveryCode, looksLikeRecoveryCode, newRecoveryCodes } from './recovery-codes.js';
import {
  assertSecondFactorUnlocked,
  claimSecondFactorAttempt,
  clearSecondFactorFailures,
} from './second-factor-attempts.js';
import { matchTotpStep, newTotpSecret, totpUri } from './totp.js';
import {
  claimTotpStep,
  consumeRecoveryCode,
  disableTotp,
  enableTotp,
  findTotpState,
  setPendingTotpSecret,
  type TotpState,
} from './totp-repository.js';

/** Starts setting up two-factor sign-in: a new secret, kept pending until a code confirms it. */
export async function beginTotpSetup(
  db: Db,
  user: { id: string; email: string },
): Promise<TotpSetupResponse> {
  const state = await findTotpState(db, user.id);
  if (state?.secret) throw conflict('Two-factor sign-in is already on');
  const secret = newTotpSecret();
  await setPendingTotpSecret(db, user.id, secret);
  return { secret, uri: totpUri(secret, user.email) };
}

/** Turns two-factor sign-in on once a code from the app matches; returns the recovery codes. */
export async function confirmTotpSetup(db: Db, userId: string, code: string): Promise<string[]> {
  const state = await findTotpState(db, userId);
  if (state?.secret) throw conflict('Two-factor sign-in is already on');
  if (!state?.pendingSecret) throw conflict('Start setting up two-factor sign-in first');
  const step = matchTotpStep(state.pendingSecret, code.trim(), null);
  if (step === undefined)
    throw invalidTotp('The code does not match; check the time on your phone');
  const codes = newRecoveryCodes();
  await enableTotp(db, userId, state.pendingSecret, step, codes.map(hashRecoveryCode));
  return codes;
}

export async function turnOffTotp(db: Db, userId: string): Promise<void> {
  await disableTotp(db, userId);
}

export async function hasTotp(db: Db, userId: string): Promise<boolean> {
  return Boolean((await findTotpState(db, userId))?.secret);
}

/**
 * The second step of a login: nothing to do without two-factor sign-in; otherwise a current
 * code from the app (each accepted once) or an unused recovery code (then used up). Every code
 * looked at counts against the account until one is right (second-factor-attempts.ts).
 */
export async function checkSecondFactor(
  db: Db,
  userId: string,
  given: string | undefined,
): Promise<void> {
  const state = await findTotpState(db, userId);
  if (!state?.secret) return;
  const text = given?.trim() ?? '';
  if (text === '') {
    // Said at once, so the owner learns of a lock before typing a code that cannot work.
    await assertSecondFactorUnlocked(db, userId);
    throw totpRequired();
  }
  await claimSecondFactorAttempt(db, userId);
  if (await codeIsRight(db, userId, state, text)) {
    await clearSecondFactorFailures(db, userId);
    return;
  }
  throw invalidTotp();
}

async function codeIsRight(db: Db, userId: string, state: TotpState, text: string) {
  const step = matchTotpStep(state.secret ?? '', text.replace(/\s/g, ''), state.lastStep);
  if (step !== undefined && (await claimTotpStep(db, userId, step))) return true;
  return (
    looksLikeRecoveryCode(text) && (await consumeRecoveryCode(db, userId, hashRecoveryCode(text)))
  );
}

/**
 * Lifts a lock (and any back-off) with a recovery code, which is used up. The password was
 * checked by the caller; a wrong recovery code changes nothing.
 */
export async function unlockSecondFactor(db: Db, userId: string, recoveryCode: string) {
  const state = await findTotpState(db, userId);
  if (!state?.secret) throw conflict('Two-factor sign-in is off for this account');
  const text = recoveryCode.trim();
  const used =
    looksLikeRecoveryCode(text) && (await consumeRecoveryCode(db, userId, hashRecoveryCode(text)));
  if (!used) throw invalidTotp('The recovery code is not valid, or was used already');
  await clearSecondFactorFailures(db, userId);
}
