import path from 'node:path';

const MIB = 1024 * 1024;
const SECOND_MS = 1000;

export const DEFAULT_SQLITE_FILE = path.join('data', 'quire.db');

/**
 * What each setting is when its variable is unset or empty (README.md#configuration, which a
 * test holds to these), in Config's own shape and units; `loadConfig` checks that shape.
 * Settings whose default depends on another, such as where attachments go, are worked out there.
 */
export const CONFIG_DEFAULTS = {
  port: 3000,
  host: '127.0.0.1',
  database: { kind: 'sqlite', file: DEFAULT_SQLITE_FILE },
  authRateLimit: 10,
  // A reader's page, its stream, its pictures and a few reloads, many times over.
  shareRateLimit: 300,
  bodyLimit: 2 * MIB,
  logLevel: 'info',
  scryptCost: 17,
  trustProxy: false,
  historyDays: 90,
  trashDays: 30,
  sessionIdleDays: 30,
  sessionMaxDays: 365,
  importLimit: 64 * MIB,
  requestTimeoutMs: 30 * SECOND_MS,
  connectionTimeoutMs: 60 * SECOND_MS,
  importTimeoutMs: 600 * SECOND_MS,
  liveSocketsPerUser: 50,
  hsts: true,
  sharing: true,
  attachments: { limit: 25 * MIB, quota: 1024 * MIB, stripExif: true },
  backups: { everyMs: 86_400_000, keep: 7 },
  oidc: {
    buttonLabel: 'Sign in with single sign-on',
    only: false,
    admission: { groupsClaim: 'groups', allowAny: false },
  },
} as const;
