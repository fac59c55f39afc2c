import type { OidcAdmission } from './oidc-config.js';

/** What Quire reads about a person from the provider's (already validated) claims. */
export interface ProviderPerson {
  subject: string;
  /** Lower-cased; undefined when the provider shared none. */
  email: string | undefined;
  /** Only `email_verified: true` counts; absent or anything else is not verified. */
  emailVerified: boolean;
  groups: string[];
}

/** Reads a person from ID-token (and user-info) claims; the groups claim may be a list or one. */
export function personFromClaims(
  claims: Record<string, unknown>,
  groupsClaim: string,
): ProviderPerson {
  const email = typeof claims.email === 'string' ? claims.email.trim().toLowerCase() : '';
  const rawGroups = claims[groupsClaim];
  const groups = Array.isArray(rawGroups) ? rawGroups : rawGroups === undefined ? [] : [rawGroups];
  return {
    subject: String(claims.sub),
    email: email === '' ? undefined : email,
    emailVerified: claims.email_verified === true,
    groups: groups.filter((group): group is string => typeof group === 'string'),
  };
}

function domainOf(email: string): string {
  return email.slice(email.lastIndexOf('@') + 1);
}

/**
 * Whether the allow-list lets a person in. A domain counts only for a verified address (anyone
 * can type an address into a provider's profile), and only exactly: no subdomains. With both
 * lists set, a person must pass both.
 */
export function admits(admission: OidcAdmission, person: ProviderPerson): boolean {
  if (admission.allowAny) return true;
  const { domains, groups } = admission;
  const domainAllowed =
    domains.length === 0 ||
    (person.emailVerified &&
      person.email !== undefined &&
      domains.includes(domainOf(person.email)));
  const groupAllowed = groups.length === 0 || person.groups.some((g) => groups.includes(g));
  return domainAllowed && groupAllowed;
}
