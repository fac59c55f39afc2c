import { isIP } from 'node:net';
import path from 'node:path';
import { CONFIG_DEFAULTS, DEFAULT_SQLITE_FILE } from './config-defaults.js';
import { ConfigError } from './config-error.js';
import {
  type AttachmentStorage,
  type DatabaseLocation,
  defaultAttachmentStorage,
  folderOfFile,
} from './db/location.js';
import { loadOidcConfig, type OidcAdmission, type OidcConfig } from './oidc/oidc-config.js';

/** Everything Quire reads from its environment (README.md#configuration), checked once. */
export interface Config {
  port: number;
  host: string;
  database: DatabaseLocation;
  /** true/false when ALLOW_SIGNUP is set; undefined means "open only while no account exists". */
  allowSignup: boolean | undefined;
  /** Login + signup attempts per minute per client address; 0 turns the limit off. */
  authRateLimit: number;
  /** Largest request body in bytes. */
  bodyLimit: number;
  logLevel: LogLevel;
  /** log2 of the scrypt cost N for new password hashes. */
  scryptCost: number;
  /** Which proxies' X-Forwarded-For to believe for the client address (Fastify's trustProxy). */
  trustProxy: boolean | string;
  /** Days a replaced text stays in a note's history (the newest few always stay). */
  historyDays: number;
  /** Days a deleted note stays in the trash before it is purged. */
  trashDays: number;
  /** A session unused this many days ends (SESSION_IDLE_DAYS). */
  sessionIdleDays: number;
  /** A session ends this many days after it began, used or not (SESSION_MAX_DAYS). */
  sessionMaxDays: number;
  /** Largest file `POST /api/import` takes, in bytes; zips may unpack to a few times more. */
  importLimit: number;
  /** A request's headers, and then its body, must each arrive within this (REQUEST_TIMEOUT). */
  requestTimeoutMs: number;
  /** A connection that sends and receives nothing for this long is closed (CONNECTION_TIMEOUT). */
  connectionTimeoutMs: number;
  /** Both limits above for `POST /api/import`, whose uploads may be large (IMPORT_TIMEOUT). */
  importTimeoutMs: number;
  /** Live sockets one account may hold open on one instance (LIVE_SOCKETS_PER_USER). */
  liveSocketsPerUser: number;
  /** Send Strict-Transport-Security on answers to requests that came over https (HSTS). */
  hsts: boolean;
  /** Public share links (SHARING); false: no share routes or pages at all. */
  sharing: boolean;
  /** Requests a minute one client address may make to share pages together; 0: no limit. */
  shareRateLimit: number;
  /** Files in notes (docs/attachments.md); false when ATTACHMENTS=false: no routes at all. */
  attachments: AttachmentConfig | false;
  /** Backups the server makes on a schedule (BACKUP_DIR); none when BACKUP_DIR is unset. */
  backups: BackupScheduleConfig | undefined;
  /** Sign-in through an OpenID Connect provider (OIDC_ISSUER …); undefined when not set up. */
  oidc: OidcConfig | undefined;
}

export interface BackupScheduleConfig {
  /** The folder each backup goes into, as a folder of its own (BACKUP_DIR). */
  dir: string;
  /** How long after the newest backup the next one is made (BACKUP_EVERY). */
  everyMs: number;
  /** How many finished backups stay; older ones are removed (BACKUP_KEEP). */
  keep: number;
}

export interface AttachmentConfig {
  /** Largest file one upload takes, in bytes (ATTACHMENT_LIMIT). */
  limit: number;
  /** Bytes of attachments one account may hold (ATTACHMENT_QUOTA). */
  quota: number;
  /** Where the bytes go (ATTACHMENT_STORAGE): files under `dir`, or rows of the database. */
  storage: AttachmentStorage;
  /** The folder the disk backend writes to (ATTACHMENT_DIR). */
  dir: string;
  /** Remove the location from JPEG photos' EXIF data as they are stored (STRIP_EXIF). */
  stripExif: boolean;
}

/** The settings whose default is one plain value (config-defaults.ts), in Config's units. */
export interface ConfigDefaults
  extends Pick<
    Config,
    | 'port'
    | 'host'
    | 'database'
    | 'authRateLimit'
    | 'shareRateLimit'
    | 'bodyLimit'
    | 'logLevel'
    | 'scryptCost'
    | 'trustProxy'
    | 'historyDays'
    | 'trashDays'
    | 'sessionIdleDays'
    | 'sessionMaxDays'
    | 'importLimit'
    | 'requestTimeoutMs'
    | 'connectionTimeoutMs'
    | 'importTimeoutMs'
    | 'liveSocketsPerUser'
    | 'hsts'
    | 'sharing'
  > {
  attachments: Pick<AttachmentConfig, 'limit' | 'quota' | 'stripExif'>;
  backups: Pick<BackupScheduleConfig, 'everyMs' | 'keep'>;
  oidc: Pick<OidcConfig, 'buttonLabel' | 'only'> & {
    admission: Pick<OidcAdmission, 'groupsClaim' | 'allowAny'>;
  };
}

const DEFAULTS: ConfigDefaults = CONFIG_DEFAULTS;

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

const MIB = 1024 * 1024;
/** A note body of 1 MiB must always fit, with room for JSON escaping. */
const MIN_BODY_LIMIT = 1 * MIB + 64 * 1024;

export { ConfigError, DEFAULT_SQLITE_FILE };

const SECOND_MS = 1000;

type Env = Record<string, string | undefined>;

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, not "${raw}"`);
  }
  return Number(raw);
}

function boolean(env: Env, name: string): boolean | undefined {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === '') return undefined;
  if (raw === 'true' || raw === '1' || raw === 'yes') return true;
  if (raw === 'false' || raw === '0' || raw === 'no') return false;
  throw new ConfigError(`${name} must be true or false, not "${env[name]}"`);
}

const SIZE_UNITS: Record<string, number> = {
  '': 1,
  b: 1,
  k: 1024,
  kb: 1024,
  kib: 1024,
  m: MIB,
  mb: MIB,
  mib: MIB,
  g: 1024 * MIB,
  gb: 1024 * MIB,
  gib: 1024 * MIB,
};

/** Parses a size: bytes, or a number with a binary unit such as "2MiB" or "512k". */
function byteSize(
  env: Env,
  name: string,
  fallback: number,
  range = { min: MIN_BODY_LIMIT, max: 1024 * MIB, text: '1088KiB to 1024MiB' },
): number {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  const match = /^(\d+)\s*([a-z]*)$/i.exec(raw);
  const unit = SIZE_UNITS[match?.[2]?.toLowerCase() ?? 'x'];
  const bytes = match && unit ? Number(match[1]) * unit : Number.NaN;
  if (!(bytes >= range.min && bytes <= range.max)) {
    throw new ConfigError(
      `${name} must be a size from ${range.text} such as "2MiB" or "4194304", not "${raw}"`,
    );
  }
  return bytes;
}

function database(env: Env): DatabaseLocation {
  const raw = env.DATABASE_URL?.trim() || DEFAULT_SQLITE_FILE;
  if (/^postgres(ql)?:\/\//i.test(raw)) {
    try {
      new URL(raw);
    } catch {
      throw new ConfigError('DATABASE_URL is not a valid postgres:// URL');
    }
    return { kind: 'postgres', url: raw };
  }
  const file = raw.replace(/^sqlite:(\/\/)?/i, '').replace(/^file:(\/\/)?/i, '');
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(raw) && file === raw) {
    throw new ConfigError(
      `DATABASE_URL must be an SQLite file path or a postgres:// URL, not "${raw.split(':')[0]}:"`,
    );
  }
  if (file === '') throw new ConfigError('DATABASE_URL names no SQLite file');
  return { kind: 'sqlite', file };
}

function logLevel(env: Env): LogLevel {
  const raw = env.LOG_LEVEL?.trim().toLowerCase() || DEFAULTS.logLevel;
  if (!(LOG_LEVELS as readonly string[]).includes(raw)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, not "${raw}"`);
  }
  return raw as LogLevel;
}

function host(env: Env): string {
  const raw = env.HOST?.trim() || DEFAULTS.host;
  if (!/^[a-z0-9.:[\]-]+$/i.test(raw)) throw new ConfigError(`HOST is not a host name: "${raw}"`);
  return raw;
}

/**
 * TRUST_PROXY: unset/false (the client is whoever connects), true (believe any proxy), or
 * comma-separated proxy addresses/CIDRs such as "127.0.0.1,10.0.0.0/8".
 */
function trustProxy(env: Env): boolean | string {
  const raw = env.TRUST_PROXY?.trim() ?? '';
  if (raw === '') return DEFAULTS.trustProxy;
  if (/^(true|false|yes|no)$/i.test(raw)) return boolean(env, 'TRUST_PROXY') ?? DEFAULTS.trustProxy;
  const addresses = raw.split(',').map((part) => part.trim());
  const isProxyAddress = (address: string) => {
    const [ip = '', bits, ...rest] = address.split('/');
    return isIP(ip) !== 0 && rest.length === 0 && (bits === undefined || /^\d{1,3}$/.test(bits));
  };
  if (addresses.every(isProxyAddress)) {
    return addresses.join(',');
  }
  throw new ConfigError(
    `TRUST_PROXY must be true, false or proxy addresses such as "127.0.0.1", not "${raw}"`,
  );
}

/** REQUEST_TIMEOUT, CONNECTION_TIMEOUT and IMPORT_TIMEOUT, in seconds; the import's is the longest. */
function timeouts(env: Env) {
  const seconds = (name: string, fallbackMs: number, max: number) =>
    integer(env, name, fallbackMs / SECOND_MS, 1, max) * SECOND_MS;
  const requestTimeoutMs = seconds('REQUEST_TIMEOUT', DEFAULTS.requestTimeoutMs, 3600);
  const connectionTimeoutMs = seconds('CONNECTION_TIMEOUT', DEFAULTS.connectionTimeoutMs, 3600);
  const importTimeoutMs = seconds('IMPORT_TIMEOUT', DEFAULTS.importTimeoutMs, 86_400);
  if (importTimeoutMs < Math.max(requestTimeoutMs, connectionTimeoutMs)) {
    throw new ConfigError(
      'IMPORT_TIMEOUT must be at least REQUEST_TIMEOUT and CONNECTION_TIMEOUT: an import is a request too',
    );
  }
  return { requestTimeoutMs, connectionTimeoutMs, importTimeoutMs };
}

/**
 * ATTACHMENTS and the ATTACHMENT_* settings. Files go to the disk beside an SQLite database and
 * into PostgreSQL, so several instances of one PostgreSQL deployment need no shared disk.
 */
export function loadAttachmentConfig(
  env: Env,
  location: DatabaseLocation,
): AttachmentConfig | false {
  if (boolean(env, 'ATTACHMENTS') === false) return false;
  const storage = env.ATTACHMENT_STORAGE?.trim().toLowerCase() || undefined;
  if (storage !== undefined && storage !== 'disk' && storage !== 'database') {
    throw new ConfigError(`ATTACHMENT_STORAGE must be disk or database, not "${storage}"`);
  }
  const besideDatabase = folderOfFile(location) ?? path.dirname(DEFAULT_SQLITE_FILE);
  return {
    limit: byteSize(env, 'ATTACHMENT_LIMIT', DEFAULTS.attachments.limit, {
      min: 1024,
      max: 1024 * MIB,
      text: '1KiB to 1024MiB',
    }),
    quota: byteSize(env, 'ATTACHMENT_QUOTA', DEFAULTS.attachments.quota, {
      min: 0,
      max: 1024 * 1024 * MIB,
      text: '0 to 1048576MiB',
    }),
    storage: storage ?? defaultAttachmentStorage(location),
    dir: env.ATTACHMENT_DIR?.trim() || path.join(besideDatabase, 'attachments'),
    stripExif: boolean(env, 'STRIP_EXIF') ?? DEFAULTS.attachments.stripExif,
  };
}

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;
const DURATION_UNITS: Record<string, number> = { m: MINUTE_MS, h: 60 * MINUTE_MS, d: DAY_MS };

/** BACKUP_EVERY: a number of minutes, hours or days, such as "30m", "6h" or "1d". */
function duration(env: Env, name: string, fallback: number): number {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === '') return fallback;
  const match = /^(\d+)\s*([mhd])$/i.exec(raw);
  const ms = match ? Number(match[1]) * (DURATION_UNITS[match[2]?.toLowerCase() ?? ''] ?? 0) : 0;
  if (!(ms >= MINUTE_MS && ms <= 366 * DAY_MS)) {
    throw new ConfigError(
      `${name} must be minutes, hours or days from 1m to 366d such as "6h" or "1d", not "${raw}"`,
    );
  }
  return ms;
}

/** BACKUP_DIR turns scheduled backups on; the other BACKUP_* settings mean nothing without it. */
function backupSchedule(env: Env): BackupScheduleConfig | undefined {
  const dir = env.BACKUP_DIR?.trim();
  const everyMs = duration(env, 'BACKUP_EVERY', DEFAULTS.backups.everyMs);
  const keep = integer(env, 'BACKUP_KEEP', DEFAULTS.backups.keep, 1, 10_000);
  if (dir === undefined || dir === '') {
    for (const name of ['BACKUP_EVERY', 'BACKUP_KEEP']) {
      if (env[name]?.trim()) throw new ConfigError(`${name} is set but BACKUP_DIR is not`);
    }
    return undefined;
  }
  return { dir, everyMs, keep };
}

/** Reads the configuration; throws ConfigError with a one-line message on the first bad value. */
export function loadConfig(env: Env = process.env): Config {
  const location = database(env);
  return {
    port: integer(env, 'PORT', DEFAULTS.port, 0, 65535),
    host: host(env),
    database: location,
    allowSignup: boolean(env, 'ALLOW_SIGNUP'),
    authRateLimit: integer(env, 'AUTH_RATE_LIMIT', DEFAULTS.authRateLimit, 0, 1_000_000),
    shareRateLimit: integer(env, 'SHARE_RATE_LIMIT', DEFAULTS.shareRateLimit, 0, 1_000_000),
    bodyLimit: byteSize(env, 'BODY_LIMIT', DEFAULTS.bodyLimit),
    logLevel: logLevel(env),
    scryptCost: integer(env, 'SCRYPT_COST', DEFAULTS.scryptCost, 10, 20),
    trustProxy: trustProxy(env),
    historyDays: integer(env, 'HISTORY_DAYS', DEFAULTS.historyDays, 1, 36_500),
    trashDays: integer(env, 'TRASH_DAYS', DEFAULTS.trashDays, 1, 36_500),
    sessionIdleDays: integer(env, 'SESSION_IDLE_DAYS', DEFAULTS.sessionIdleDays, 1, 3650),
    sessionMaxDays: integer(env, 'SESSION_MAX_DAYS', DEFAULTS.sessionMaxDays, 1, 3650),
    importLimit: byteSize(env, 'IMPORT_LIMIT', DEFAULTS.importLimit, {
      min: MIB,
      max: 1024 * MIB,
      text: '1MiB to 1024MiB',
    }),
    ...timeouts(env),
    liveSocketsPerUser: integer(
      env,
      'LIVE_SOCKETS_PER_USER',
      DEFAULTS.liveSocketsPerUser,
      1,
      100_000,
    ),
    hsts: boolean(env, 'HSTS') ?? DEFAULTS.hsts,
    sharing: boolean(env, 'SHARING') ?? DEFAULTS.sharing,
    attachments: loadAttachmentConfig(env, location),
    backups: backupSchedule(env),
    oidc: loadOidcConfig(env),
  };
}
