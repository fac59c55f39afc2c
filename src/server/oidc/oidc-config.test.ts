import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.js';

const BASE = {
  OIDC_ISSUER: 'https://id.example.org/application/o/quire/',
  OIDC_CLIENT_ID: 'quire',
  OIDC_CLIENT_SECRET: 'shh',
};

function refusal(env: Record<string, string>): string {
  try {
    loadConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).not.toContain('\n');
    return (error as Error).message;
  }
  throw new Error('the configuration was accepted');
}

describe('OIDC settings', () => {
  it('are off without OIDC_ISSUER', () => {
    expect(loadConfig({}).oidc).toBeUndefined();
  });

  it('read the allow-lists, the label and OIDC_ONLY', () => {
    const oidc = loadConfig({
      ...BASE,
      OIDC_ALLOWED_DOMAINS: '@Example.org, staff.example.net',
      OIDC_ALLOWED_GROUPS: 'quire-users,Admins',
      OIDC_BUTTON_LABEL: 'Sign in with Authentik',
      OIDC_ONLY: 'true',
    }).oidc;
    expect(oidc).toMatchObject({
      clientId: 'quire',
      clientSecret: 'shh',
      buttonLabel: 'Sign in with Authentik',
      only: true,
      admission: {
        domains: ['example.org', 'staff.example.net'],
        groups: ['quire-users', 'Admins'],
        groupsClaim: 'groups',
        allowAny: false,
      },
    });
    expect(oidc?.issuer.href).toBe(BASE.OIDC_ISSUER);
  });

  it('take the client secret from OIDC_CLIENT_SECRET_FILE, without its last newline', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-secret-'));
    const file = path.join(dir, 'secret');
    fs.writeFileSync(file, 'from a file\n');
    try {
      const { OIDC_CLIENT_SECRET: _, ...rest } = BASE;
      const env = { ...rest, OIDC_CLIENT_SECRET_FILE: file, OIDC_ALLOW_ANY: 'true' };
      expect(loadConfig(env).oidc?.clientSecret).toBe('from a file');
      expect(refusal({ ...env, OIDC_CLIENT_SECRET: 'also' })).toMatch(/not both/);
      expect(refusal({ ...env, OIDC_CLIENT_SECRET_FILE: path.join(dir, 'missing') })).toMatch(
        /^OIDC_CLIENT_SECRET_FILE cannot be read/,
      );
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it('refuse to start when nobody is allowed in, unless OIDC_ALLOW_ANY=true says so', () => {
    expect(refusal(BASE)).toMatch(/nobody is allowed in/);
    expect(loadConfig({ ...BASE, OIDC_ALLOW_ANY: 'true' }).oidc?.admission.allowAny).toBe(true);
    expect(refusal({ ...BASE, OIDC_ALLOW_ANY: 'true', OIDC_ALLOWED_GROUPS: 'a' })).toMatch(
      /^OIDC_ALLOW_ANY=true lets everyone in/,
    );
  });

  it('take plain http only from a provider on loopback', () => {
    const allowAny = { ...BASE, OIDC_ALLOW_ANY: 'true' };
    for (const issuer of ['http://127.0.0.1:9000', 'http://localhost:9000/x', 'http://[::1]:1']) {
      expect(loadConfig({ ...allowAny, OIDC_ISSUER: issuer }).oidc?.issuer.href).toMatch(/^http:/);
    }
    for (const issuer of ['http://id.example.org', 'http://10.0.0.1', 'ftp://id.example.org']) {
      expect(refusal({ ...allowAny, OIDC_ISSUER: issuer })).toMatch(
        /^OIDC_ISSUER must be an https/,
      );
    }
  });

  it('refuse half a set-up and bad values with a line naming the setting', () => {
    expect(refusal({ OIDC_ONLY: 'true' })).toBe('OIDC_ONLY is set but OIDC_ISSUER is not');
    expect(refusal({ ...BASE, OIDC_CLIENT_ID: '' })).toMatch(
      /^OIDC_ISSUER is set but OIDC_CLIENT_ID/,
    );
    expect(refusal({ ...BASE, OIDC_ALLOWED_DOMAINS: 'not a domain' })).toMatch(
      /^OIDC_ALLOWED_DOMAINS/,
    );
    expect(refusal({ ...BASE, OIDC_ALLOW_ANY: 'maybe' })).toMatch(/^OIDC_ALLOW_ANY/);
    expect(refusal({ ...BASE, OIDC_ISSUER: 'not a url' })).toMatch(/^OIDC_ISSUER/);
  });
});
