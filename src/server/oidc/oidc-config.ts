import { isIP } from 'node:net';
import { CONFIG_DEFAULTS } from '../config-defaults.js';
import { ConfigError } from '../config-error.js';
import { secretSetting } from '../config-secret.js';

/** Sign-in through an OpenID Connect provider (docs/deployment.md, "Single sign-on"). */
export interface OidcConfig {
  /** The provider's issuer identifier; its discovery document is read from here. */
  issuer: URL;
  clientId: string;
  clientSecret: string;
  /** What the button on the Log In screen says (OIDC_BUTTON_LABEL). */
  buttonLabel: string;
  /** Who may enter; empty lists and no `allowAny` cannot happen (refused at start). */
  admission: OidcAdmission;
  /** OIDC_ONLY: no password log-in or sign-up; the CLI's one-time link is the way around. */
  only: boolean;
}

export interface OidcAdmission {
  /** Lower-case e-mail domains whose verified addresses may enter (OIDC_ALLOWED_DOMAINS). */
  domains: string[];
  /** Values of the groups claim, one of which a person must have (OIDC_ALLOWED_GROUPS). */
  groups: string[];
  /** The claim that lists a person's groups (OIDC_GROUPS_CLAIM). */
  groupsClaim: string;
  /** OIDC_ALLOW_ANY: everyone the provider signs in may enter. */
  allowAny: boolean;
}

type Env = Record<string, string | undefined>;

const DEFAULTS = CONFIG_DEFAULTS.oidc;
const MAX_BUTTON_LABEL = 60;
const DOMAIN = /^(?=.{1,253}$)[a-z0-9-]+(\.[a-z0-9-]+)+$/;
const SETTINGS = [
  'OIDC_CLIENT_ID',
  'OIDC_CLIENT_SECRET',
  'OIDC_CLIENT_SECRET_FILE',
  'OIDC_BUTTON_LABEL',
  'OIDC_ALLOWED_DOMAINS',
  'OIDC_ALLOWED_GROUPS',
  'OIDC_GROUPS_CLAIM',
  'OIDC_ALLOW_ANY',
  'OIDC_ONLY',
];

function flag(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase() ?? '';
  if (raw === '') return fallback;
  if (raw === 'false' || raw === '0' || raw === 'no') return false;
  if (raw === 'true' || raw === '1' || raw === 'yes') return true;
  throw new ConfigError(`${name} must be true or false, not "${env[name]}"`);
}

function list(env: Env, name: string): string[] {
  return (env[name] ?? '')
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/** Plain http only for a provider on this machine (tests, a local one); https otherwise. */
export function isLoopbackUrl(url: URL): boolean {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (host === 'localhost') return true;
  if (isIP(host) === 4) return host.startsWith('127.');
  return host === '::1';
}

function issuer(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(`OIDC_ISSUER is not a URL: "${raw}"`);
  }
  if (url.search !== '' || url.hash !== '') {
    throw new ConfigError('OIDC_ISSUER must be the issuer URL itself, without ? or #');
  }
  if (url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackUrl(url))) return url;
  throw new ConfigError(`OIDC_ISSUER must be an https:// URL, not "${raw}"`);
}

function allowedDomains(env: Env): string[] {
  return list(env, 'OIDC_ALLOWED_DOMAINS').map((item) => {
    const domain = item.toLowerCase().replace(/^@/, '');
    if (!DOMAIN.test(domain)) {
      throw new ConfigError(`OIDC_ALLOWED_DOMAINS has "${item}", which is not a domain`);
    }
    return domain;
  });
}

/**
 * The OIDC_* settings; undefined when OIDC_ISSUER is unset (sign-in is then by password alone,
 * docs/interface.md#the-log-in-form).
 * Who may enter must be said: an allow-list, or OIDC_ALLOW_ANY=true, else Quire does not start,
 * since a provider that lets anyone register would otherwise let anyone in.
 */
export function loadOidcConfig(env: Env): OidcConfig | undefined {
  const rawIssuer = env.OIDC_ISSUER?.trim() ?? '';
  if (rawIssuer === '') {
    for (const name of SETTINGS) {
      if (env[name]?.trim()) throw new ConfigError(`${name} is set but OIDC_ISSUER is not`);
    }
    return undefined;
  }
  const clientId = env.OIDC_CLIENT_ID?.trim() ?? '';
  if (clientId === '') throw new ConfigError('OIDC_ISSUER is set but OIDC_CLIENT_ID is not');
  const clientSecret = secretSetting(env, 'OIDC_CLIENT_SECRET');
  if (clientSecret === undefined) {
    throw new ConfigError('OIDC_ISSUER is set but OIDC_CLIENT_SECRET (or its _FILE) is not');
  }
  const buttonLabel = env.OIDC_BUTTON_LABEL?.trim() || DEFAULTS.buttonLabel;
  if (buttonLabel.length > MAX_BUTTON_LABEL) {
    throw new ConfigError(`OIDC_BUTTON_LABEL must be at most ${MAX_BUTTON_LABEL} characters`);
  }
  const admission: OidcAdmission = {
    domains: allowedDomains(env),
    groups: list(env, 'OIDC_ALLOWED_GROUPS'),
    groupsClaim: env.OIDC_GROUPS_CLAIM?.trim() || DEFAULTS.admission.groupsClaim,
    allowAny: flag(env, 'OIDC_ALLOW_ANY', DEFAULTS.admission.allowAny),
  };
  const listed = admission.domains.length > 0 || admission.groups.length > 0;
  if (admission.allowAny && listed) {
    throw new ConfigError(
      'OIDC_ALLOW_ANY=true lets everyone in: unset it, or OIDC_ALLOWED_DOMAINS and OIDC_ALLOWED_GROUPS',
    );
  }
  if (!admission.allowAny && !listed) {
    throw new ConfigError(
      'OIDC_ISSUER is set but nobody is allowed in: set OIDC_ALLOWED_DOMAINS, OIDC_ALLOWED_GROUPS, or OIDC_ALLOW_ANY=true',
    );
  }
  return {
    issuer: issuer(rawIssuer),
    clientId,
    clientSecret,
    buttonLabel,
    admission,
    only: flag(env, 'OIDC_ONLY', DEFAULTS.only),
  };
}
