import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    expect(loadConfig({})).toEqual({
      port: 3000,
      host: '127.0.0.1',
      database: { kind: 'sqlite', file: 'data/quire.db' },
      allowSignup: undefined,
      authRateLimit: 10,
      shareRateLimit: 300,
      bodyLimit: 2 * 1024 * 1024,
      logLevel: 'info',
      scryptCost: 17,
      trustProxy: false,
      historyDays: 90,
      trashDays: 30,
      sessionIdleDays: 30,
      sessionMaxDays: 365,
      importLimit: 64 * 1024 * 1024,
      requestTimeoutMs: 30_000,
      connectionTimeoutMs: 60_000,
      importTimeoutMs: 600_000,
      liveSocketsPerUser: 50,
      hsts: true,
      sharing: true,
      attachments: {
        limit: 25 * 1024 * 1024,
        quota: 1024 * 1024 * 1024,
        storage: 'disk',
        dir: 'data/attachments',
        stripExif: true,
      },
      backups: undefined,
      oidc: undefined,
    });
  });

  it('reads the backup schedule, and refuses its settings without BACKUP_DIR', () => {
    expect(loadConfig({ BACKUP_DIR: '/var/backups/quire' }).backups).toEqual({
      dir: '/var/backups/quire',
      everyMs: 86_400_000,
      keep: 7,
    });
    const config = loadConfig({ BACKUP_DIR: 'b', BACKUP_EVERY: '6h', BACKUP_KEEP: '3' });
    expect(config.backups).toEqual({ dir: 'b', everyMs: 6 * 3_600_000, keep: 3 });
    expect(loadConfig({ BACKUP_DIR: 'b', BACKUP_EVERY: '30m' }).backups?.everyMs).toBe(1_800_000);
    expect(() => loadConfig({ BACKUP_DIR: 'b', BACKUP_EVERY: '6 hours' })).toThrow(
      'BACKUP_EVERY must be minutes, hours or days from 1m to 366d such as "6h" or "1d", not "6 hours"',
    );
    expect(() => loadConfig({ BACKUP_DIR: 'b', BACKUP_EVERY: '0m' })).toThrow(ConfigError);
    expect(() => loadConfig({ BACKUP_DIR: 'b', BACKUP_KEEP: '0' })).toThrow(
      'BACKUP_KEEP must be a whole number from 1 to 10000, not "0"',
    );
    expect(() => loadConfig({ BACKUP_EVERY: '1d' })).toThrow(
      'BACKUP_EVERY is set but BACKUP_DIR is not',
    );
  });

  it('reads the attachment settings, and keeps files in PostgreSQL when it is the database', () => {
    expect(loadConfig({ ATTACHMENTS: 'false' }).attachments).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://quire@db/quire' }).attachments).toMatchObject({
      storage: 'database',
    });
    expect(
      loadConfig({
        DATABASE_URL: '/srv/quire/notes.db',
        ATTACHMENT_LIMIT: '10MiB',
        ATTACHMENT_QUOTA: '2GiB',
        STRIP_EXIF: 'no',
      }).attachments,
    ).toEqual({
      limit: 10 * 1024 * 1024,
      quota: 2 * 1024 * 1024 * 1024,
      storage: 'disk',
      dir: '/srv/quire/attachments',
      stripExif: false,
    });
    expect(
      loadConfig({ ATTACHMENT_STORAGE: 'database', ATTACHMENT_DIR: '/x' }).attachments,
    ).toMatchObject({ storage: 'database', dir: '/x' });
  });

  it('reads LIVE_SOCKETS_PER_USER', () => {
    expect(loadConfig({ LIVE_SOCKETS_PER_USER: '3' }).liveSocketsPerUser).toBe(3);
    expect(loadConfig({ HSTS: 'false' }).hsts).toBe(false);
  });

  it("reads the timeouts in seconds, and keeps the import's the longest", () => {
    const config = loadConfig({
      REQUEST_TIMEOUT: '10',
      CONNECTION_TIMEOUT: '20',
      IMPORT_TIMEOUT: '20',
    });
    expect(config).toMatchObject({
      requestTimeoutMs: 10_000,
      connectionTimeoutMs: 20_000,
      importTimeoutMs: 20_000,
    });
    expect(() => loadConfig({ REQUEST_TIMEOUT: '120', IMPORT_TIMEOUT: '60' })).toThrow(
      /^IMPORT_TIMEOUT must be at least REQUEST_TIMEOUT/,
    );
  });

  it('reads IMPORT_LIMIT apart from BODY_LIMIT', () => {
    expect(loadConfig({ IMPORT_LIMIT: '1MiB' }).importLimit).toBe(1024 * 1024);
    expect(() => loadConfig({ IMPORT_LIMIT: '10k' })).toThrow(
      new ConfigError(
        'IMPORT_LIMIT must be a size from 1MiB to 1024MiB such as "2MiB" or "4194304", not "10k"',
      ),
    );
  });

  it('reads HISTORY_DAYS and TRASH_DAYS, and refuses a day count it cannot use', () => {
    expect(loadConfig({ HISTORY_DAYS: '7', TRASH_DAYS: '1' })).toMatchObject({
      historyDays: 7,
      trashDays: 1,
    });
    expect(() => loadConfig({ TRASH_DAYS: '0' })).toThrow(
      new ConfigError('TRASH_DAYS must be a whole number from 1 to 36500, not "0"'),
    );
    expect(() => loadConfig({ HISTORY_DAYS: 'forever' })).toThrow(ConfigError);
  });

  it('reads TRUST_PROXY as a flag or proxy addresses', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '127.0.0.1, 10.0.0.0/8' }).trustProxy).toBe(
      '127.0.0.1,10.0.0.0/8',
    );
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATABASE_URL: 'postgres://quire@db.internal:5432/quire',
      ALLOW_SIGNUP: 'TRUE',
      AUTH_RATE_LIMIT: '0',
      BODY_LIMIT: '4MiB',
      SHARE_RATE_LIMIT: '0',
      LOG_LEVEL: 'warn',
      SCRYPT_COST: '14',
      SESSION_IDLE_DAYS: '7',
      SESSION_MAX_DAYS: '90',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      database: { kind: 'postgres', url: 'postgres://quire@db.internal:5432/quire' },
      allowSignup: true,
      authRateLimit: 0,
      shareRateLimit: 0,
      bodyLimit: 4 * 1024 * 1024,
      logLevel: 'warn',
      scryptCost: 14,
      sessionIdleDays: 7,
      sessionMaxDays: 90,
    });
  });

  it('accepts SQLite paths with or without a scheme', () => {
    for (const url of ['notes.db', 'sqlite:notes.db', 'sqlite://notes.db', 'file:notes.db']) {
      expect(loadConfig({ DATABASE_URL: url }).database).toEqual({
        kind: 'sqlite',
        file: 'notes.db',
      });
    }
    expect(loadConfig({ BODY_LIMIT: '3145728' }).bodyLimit).toBe(3 * 1024 * 1024);
    expect(loadConfig({ ALLOW_SIGNUP: 'false' }).allowSignup).toBe(false);
  });

  it.each([
    [{ PORT: '70000' }, 'PORT'],
    [{ PORT: '3.5' }, 'PORT'],
    [{ HOST: 'a b' }, 'HOST'],
    [{ ALLOW_SIGNUP: 'sometimes' }, 'ALLOW_SIGNUP'],
    [{ AUTH_RATE_LIMIT: 'ten' }, 'AUTH_RATE_LIMIT'],
    [{ BODY_LIMIT: '1MiB' }, 'BODY_LIMIT'],
    [{ BODY_LIMIT: '2 parsecs' }, 'BODY_LIMIT'],
    [{ LOG_LEVEL: 'verbose' }, 'LOG_LEVEL'],
    [{ SCRYPT_COST: '8' }, 'SCRYPT_COST'],
    [{ DATABASE_URL: 'mysql://x/y' }, 'DATABASE_URL'],
    [{ DATABASE_URL: 'postgres://[bad' }, 'DATABASE_URL'],
    [{ TRUST_PROXY: 'nginx please' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '2' }, 'TRUST_PROXY'],
    [{ SESSION_IDLE_DAYS: '0' }, 'SESSION_IDLE_DAYS'],
    [{ SESSION_MAX_DAYS: 'forever' }, 'SESSION_MAX_DAYS'],
    [{ REQUEST_TIMEOUT: '0' }, 'REQUEST_TIMEOUT'],
    [{ CONNECTION_TIMEOUT: '1m' }, 'CONNECTION_TIMEOUT'],
    [{ IMPORT_TIMEOUT: '-5' }, 'IMPORT_TIMEOUT'],
    [{ LIVE_SOCKETS_PER_USER: '0' }, 'LIVE_SOCKETS_PER_USER'],
    [{ HSTS: 'maybe' }, 'HSTS'],
    [{ ATTACHMENTS: 'sure' }, 'ATTACHMENTS'],
    [{ ATTACHMENT_LIMIT: '2GiB' }, 'ATTACHMENT_LIMIT'],
    [{ ATTACHMENT_QUOTA: 'lots' }, 'ATTACHMENT_QUOTA'],
    [{ ATTACHMENT_STORAGE: 's3' }, 'ATTACHMENT_STORAGE'],
    [{ STRIP_EXIF: 'maybe' }, 'STRIP_EXIF'],
  ])('refuses %o with a one-line message naming %s', (env, name) => {
    let error: unknown;
    try {
      loadConfig(env);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message.startsWith(name)).toBe(true);
    expect((error as Error).message).not.toContain('\n');
  });
});
