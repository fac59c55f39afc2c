import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, SqliteDialect } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { hashSessionToken } from '../src/server/accounts/session-token.js';
import { migrations } from '../src/server/db/migrations/index.js';
import { listNotes } from './helpers/api-client.js';
import { runCli } from './helpers/server-process.js';
import { makeTempDir, removeTempDir, startTestServer } from './helpers/test-server.js';

// What only an SQLite file can show: where it is created, its journal mode, and how a file
// made by an earlier version of Quire is upgraded.
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) removeTempDir(dir);
});

function tempFile(): string {
  const dir = makeTempDir();
  dirs.push(dir);
  return path.join(dir, 'nested', 'quire.db');
}

describe('an SQLite database file', () => {
  it('is created with its directory, in WAL mode', async () => {
    const file = tempFile();
    expect((await runCli(['migrate'], { DATABASE_URL: file })).code).toBe(0);
    const sqlite = new SQLite(file, { readonly: true });
    const tables = sqlite
      .prepare("select name from sqlite_master where type = 'table' order by name")
      .pluck()
      .all();
    expect(tables).toEqual(expect.arrayContaining(['notes', 'sessions', 'users']));
    expect(sqlite.pragma('journal_mode', { simple: true })).toBe('wal');
    sqlite.close();
  });

  it('made before the PostgreSQL migration still upgrades, data intact', async () => {
    const file = tempFile();
    fs.mkdirSync(path.dirname(file));
    // The schema as the first release left it: only the first migration has run.
    // biome-ignore lint/suspicious/noExplicitAny: the schema as it was then, not as typed now
    const old = new Kysely<any>({
      dialect: new SqliteDialect({ database: new SQLite(file) }),
    });
    const first = { '0001-initial': migrations['0001-initial']! };
    const migrator = new Migrator({ db: old, provider: { getMigrations: async () => first } });
    expect((await migrator.migrateToLatest()).error).toBeUndefined();
    await old
      .insertInto('users')
      .values({ id: 'u1', email: 'old@example.com', password_hash: 'x', time_created: 1 })
      .execute();
    await old
      .insertInto('notes')
      .values({
        id: 'n1',
        user_id: 'u1',
        body: 'old \u0000 note',
        time_created: 2,
        time_last_modified: 3,
        revision: 1,
      })
      .execute();
    await old
      .insertInto('sessions')
      .values({
        id: 's1',
        user_id: 'u1',
        token_hash: hashSessionToken('old token'),
        // Recent: a session older than SESSION_MAX_DAYS would rightly have expired.
        time_created: Math.floor(Date.now() / 1000) - 60,
      })
      .execute();
    await old.destroy();

    const result = await runCli(['migrate'], { DATABASE_URL: file });
    expect(result).toMatchObject({
      code: 0,
      // Every migration after the first, named in order.
      stdout: `Database migrated: ${Object.keys(migrations).slice(1).join(', ')}\n`,
    });
    const server = await startTestServer({
      database: { location: { kind: 'sqlite', file }, url: file, drop: async () => {} },
    });
    expect(await listNotes(server.url, 'old token')).toEqual([
      { id: 'n1', body: 'old \u0000 note', timeCreated: 2, timeLastModified: 3, revision: 1 },
    ]);
    await server.close();
  });
});
