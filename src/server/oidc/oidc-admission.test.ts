import { describe, expect, it } from 'vitest';
import { admits, personFromClaims } from './oidc-admission.js';
import type { OidcAdmission } from './oidc-config.js';

const NONE: OidcAdmission = { domains: [], groups: [], groupsClaim: 'groups', allowAny: false };

function person(claims: Record<string, unknown>, groupsClaim = 'groups') {
  return personFromClaims({ sub: 'abc', ...claims }, groupsClaim);
}

describe('the single sign-on allow-list', () => {
  it('lets a verified address at a listed domain in, and no subdomain or look-alike', () => {
    const rule = { ...NONE, domains: ['example.org'] };
    expect(admits(rule, person({ email: 'Ada@Example.ORG', email_verified: true }))).toBe(true);
    expect(admits(rule, person({ email: 'ada@example.org', email_verified: false }))).toBe(false);
    expect(admits(rule, person({ email: 'ada@example.org', email_verified: 'true' }))).toBe(false);
    expect(admits(rule, person({ email: 'ada@mail.example.org', email_verified: true }))).toBe(
      false,
    );
    expect(admits(rule, person({ email: 'ada@notexample.org', email_verified: true }))).toBe(false);
    expect(admits(rule, person({ email: 'example.org@evil.net', email_verified: true }))).toBe(
      false,
    );
    expect(admits(rule, person({}))).toBe(false);
  });

  it('lets a member of a listed group in, the claim a list or one value, by its configured name', () => {
    const rule = { ...NONE, groups: ['quire'], groupsClaim: 'roles' };
    expect(admits(rule, person({ roles: ['staff', 'quire'] }, 'roles'))).toBe(true);
    expect(admits(rule, person({ roles: 'quire' }, 'roles'))).toBe(true);
    expect(admits(rule, person({ roles: ['Quire'] }, 'roles'))).toBe(false);
    expect(admits(rule, person({ groups: ['quire'] }, 'roles'))).toBe(false);
    expect(admits(rule, person({ roles: [{ name: 'quire' }] }, 'roles'))).toBe(false);
  });

  it('asks both lists when both are set, and nothing with OIDC_ALLOW_ANY', () => {
    const both = { ...NONE, domains: ['example.org'], groups: ['quire'] };
    const verified = { email: 'a@example.org', email_verified: true };
    expect(admits(both, person({ ...verified, groups: ['quire'] }))).toBe(true);
    expect(admits(both, person({ ...verified, groups: [] }))).toBe(false);
    expect(
      admits(both, person({ email: 'a@other.net', email_verified: true, groups: ['quire'] })),
    ).toBe(false);
    expect(admits({ ...NONE, allowAny: true }, person({}))).toBe(true);
  });
});
