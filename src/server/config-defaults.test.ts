import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Config, loadConfig } from './config.js';
import { CONFIG_DEFAULTS } from './config-defaults.js';

/** The rows of README.md's configuration table: each variable and its Default cell. */
function readmeDefaults(): { variable: string; stated: string }[] {
  const readme = readFileSync(path.join(import.meta.dirname, '../../README.md'), 'utf8');
  const section = readme.split(/^## Configuration$/m)[1]?.split(/^## /m)[0] ?? '';
  const rows = section.split('\n').filter((line) => /^\| `[A-Z_]+`/.test(line));
  return rows.map((row) => {
    const [variable = '', stated = ''] = row.split(' | ');
    return { variable: variable.replace(/^\| /, ''), stated };
  });
}

type Defaults = typeof CONFIG_DEFAULTS;
/** Reads a setting from a loaded Config, or the same place in CONFIG_DEFAULTS. */
type Setting = (config: Config | Defaults) => unknown;

const attachmentsOf = (config: Config | Defaults) => config.attachments || undefined;

// Loading a stated value needs the settings it depends on, set to harmless values.
const NEEDED = {
  BACKUP_DIR: 'backups',
  OIDC_ISSUER: 'https://id.example.org',
  OIDC_CLIENT_ID: 'quire',
  OIDC_CLIENT_SECRET: 'secret',
  OIDC_ALLOWED_DOMAINS: 'example.org',
};

/** Where each variable with a plain default lands; a README row missing here fails the test. */
const SETTINGS: Record<string, Setting> = {
  PORT: (config) => config.port,
  HOST: (config) => config.host,
  DATABASE_URL: (config) => config.database,
  AUTH_RATE_LIMIT: (config) => config.authRateLimit,
  BODY_LIMIT: (config) => config.bodyLimit,
  LOG_LEVEL: (config) => config.logLevel,
  TRUST_PROXY: (config) => config.trustProxy,
  SESSION_IDLE_DAYS: (config) => config.sessionIdleDays,
  SESSION_MAX_DAYS: (config) => config.sessionMaxDays,
  SCRYPT_COST: (config) => config.scryptCost,
  HISTORY_DAYS: (config) => config.historyDays,
  TRASH_DAYS: (config) => config.trashDays,
  IMPORT_LIMIT: (config) => config.importLimit,
  SHARING: (config) => config.sharing,
  SHARE_RATE_LIMIT: (config) => config.shareRateLimit,
  ATTACHMENTS: (config) => config.attachments !== false,
  ATTACHMENT_LIMIT: (config) => attachmentsOf(config)?.limit,
  ATTACHMENT_QUOTA: (config) => attachmentsOf(config)?.quota,
  STRIP_EXIF: (config) => attachmentsOf(config)?.stripExif,
  REQUEST_TIMEOUT: (config) => config.requestTimeoutMs,
  CONNECTION_TIMEOUT: (config) => config.connectionTimeoutMs,
  IMPORT_TIMEOUT: (config) => config.importTimeoutMs,
  HSTS: (config) => config.hsts,
  LIVE_SOCKETS_PER_USER: (config) => config.liveSocketsPerUser,
  BACKUP_EVERY: (config) => config.backups?.everyMs,
  BACKUP_KEEP: (config) => config.backups?.keep,
  OIDC_BUTTON_LABEL: (config) => config.oidc?.buttonLabel,
  OIDC_GROUPS_CLAIM: (config) => config.oidc?.admission.groupsClaim,
  OIDC_ALLOW_ANY: (config) => config.oidc?.admission.allowAny,
  OIDC_ONLY: (config) => config.oidc?.only,
};

describe('CONFIG_DEFAULTS', () => {
  it('is what README.md states for each variable with a plain default', () => {
    const plain = readmeDefaults().flatMap(({ variable, stated }) => {
      const name = /^`([A-Z_]+)`$/.exec(variable)?.[1];
      const value = /^`([^`]+)`$/.exec(stated)?.[1];
      return name && value !== undefined ? [{ name, value }] : [];
    });
    expect(plain.length).toBeGreaterThan(20);
    for (const { name, value } of plain) {
      const setting = SETTINGS[name];
      expect(setting, `${name} is in the README but not in this test`).toBeDefined();
      if (!setting) continue;
      const stated = setting(loadConfig({ ...NEEDED, [name]: value }));
      expect(stated, `${name}: README says \`${value}\``).toEqual(setting(CONFIG_DEFAULTS));
    }
  });

  it('is what loadConfig gives when nothing is set', () => {
    const loaded = loadConfig(NEEDED);
    for (const [name, setting] of Object.entries(SETTINGS)) {
      expect(setting(loaded), name).toEqual(setting(CONFIG_DEFAULTS));
    }
  });
});
