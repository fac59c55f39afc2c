import fs from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { migrateToLatest } from '../src/server/db/migrate.js';
import { openDatabase } from '../src/server/storage/open-database.js';
import { runCli } from './helpers/server-process.js';
import { makeTempDir, removeTempDir } from './helpers/test-server.js';

let dir: string;
beforeEach(() => {
  dir = makeTempDir();
});
afterEach(() => removeTempDir(dir));

const modeOf = (file: string) => (fs.statSync(file).mode & 0o777).toString(8);

it('creates the data directory for its owner alone, and the database and exports 0600', async () => {
  const data = path.join(dir, 'data');
  const file = path.join(data, 'quire.db');
  const env = { DATABASE_URL: file };
  const added = await runCli(['user', 'add', 'me@example.com'], env, 'correct horse\n');
  expect(added.code).toBe(0);

  expect(modeOf(data)).toBe('700');
  for (const name of fs.readdirSync(data)) {
    expect(`${name} ${modeOf(path.join(data, name))}`).toBe(`${name} 600`);
  }
  expect(fs.readdirSync(data)).toContain('quire.db');

  const out = path.join(dir, 'backup.zip');
  const exported = await runCli(['export', '--user', 'me@example.com', '--out', out], env);
  expect(exported.code).toBe(0);
  expect(modeOf(out)).toBe('600');
});

it('gives the write-ahead log and shared memory the database file mode while Quire runs', async () => {
  const file = path.join(dir, 'data', 'quire.db');
  const database = await openDatabase({ kind: 'sqlite', file });
  try {
    await migrateToLatest(database.db);
    const names = fs.readdirSync(path.dirname(file)).sort();
    expect(names).toEqual(['quire.db', 'quire.db-shm', 'quire.db-wal']);
    for (const name of names)
      expect(`${name} ${modeOf(path.join(dir, 'data', name))}`).toBe(`${name} 600`);
  } finally {
    await database.close();
  }
});
