import { randomUUID } from 'node:crypto';
import type { SignInFailure } from '../../shared/sign-in-handoff.js';
import { normalizeEmail } from '../accounts/credentials.js';
import { findUserByEmail, insertUser } from '../accounts/user-repository.js';
import { nowInSeconds } from '../clock.js';
import type { Db } from '../db/schema.js';
import { isUniqueViolation } from '../db/unique-violation.js';
import { admits, type ProviderPerson } from './oidc-admission.js';
import type { OidcAdmission } from './oidc-config.js';
import { findLinkedUserId, linkIdentity } from './oidc-identity-repository.js';

/** A person the provider signed in whom Quire does not let in; `reason` goes to the Log In screen. */
export class SignInRefused extends Error {
  constructor(readonly reason: SignInFailure) {
    super(`sign-in refused: ${reason}`);
  }
}

/**
 * An account made through the provider has no password: this hash matches none, so the
 * password form cannot open it (with OIDC_ONLY off, the owner may set one later by the CLI).
 */
export const NO_PASSWORD = 'none';

export interface AccountForPerson {
  userId: string;
  /** How the person got in: by their existing link, a new link by e-mail, or a new account. */
  how: 'linked' | 'matched' | 'created';
}

/**
 * The account a person the provider vouched for signs in to. The allow-list is asked every
 * time, so someone removed from a group is out at their next sign-in. A known subject goes to
 * its account; otherwise only a verified e-mail matches an account or makes one, so nobody can
 * take over an account, or claim an address, by typing it into a provider's profile.
 */
export async function accountForPerson(
  db: Db,
  issuer: string,
  person: ProviderPerson,
  admission: OidcAdmission,
): Promise<AccountForPerson> {
  if (!admits(admission, person)) throw new SignInRefused('not_allowed');
  const linked = await findLinkedUserId(db, issuer, person.subject);
  if (linked) return { userId: linked, how: 'linked' };
  if (person.email === undefined) throw new SignInRefused('no_email');
  if (!person.emailVerified) throw new SignInRefused('unverified_email');
  const email = normalizeEmail(person.email);
  try {
    return await db.transaction().execute(async (trx) => {
      const existing = await findUserByEmail(trx, email);
      const userId = existing?.id ?? randomUUID();
      if (!existing) {
        await insertUser(trx, {
          id: userId,
          email,
          password_hash: NO_PASSWORD,
          time_created: nowInSeconds(),
        });
      }
      await linkIdentity(trx, { issuer, subject: person.subject, userId });
      return { userId, how: existing ? 'matched' : 'created' };
    });
  } catch (error) {
    // The same person signing in twice at once: the other sign-in made the link; use it.
    if (!isUniqueViolation(error)) throw error;
    const winner = await findLinkedUserId(db, issuer, person.subject);
    if (!winner) throw error;
    return { userId: winner, how: 'linked' };
  }
}
