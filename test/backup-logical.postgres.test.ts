import fs from 'node:fs';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { createNote, listNotes, signUp } from './helpers/api-client.js';
import { download, PNG, upload } from './helpers/attachment-client.js';
import { runCli } from './helpers/server-process.js';
import { makeTempDir, removeTempDir } from './helpers/temp-dir.js';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.js';
import { startTestServer } from './helpers/test-server.js';

// Where PostgreSQL's client tools are not installed, a backup is Quire's own logical export.
const databases: TestDatabase[] = [];
const dirs: string[] = [];
afterAll(async () => {
  for (const database of databases) await database.drop();
  for (const dir of dirs) removeTempDir(dir);
});

it('backs up PostgreSQL without pg_dump, and the backup verifies and restores', async () => {
  const source = await createTestDatabase('postgres');
  const target = await createTestDatabase('sqlite');
  databases.push(source, target);
  const backups = makeTempDir();
  const noTools = makeTempDir();
  dirs.push(backups, noTools);

  const server = await startTestServer({ database: source });
  const token = await signUp(server.url);
  const notes = [await createNote(server.url, token, 'one'), await createNote(server.url, token)];
  const { id } = (await upload(server.url, token, PNG, 'dot.png')).json;
  await server.close();

  const withoutTools = { DATABASE_URL: source.url, PATH: noTools };
  const made = await runCli(['backup', backups], withoutTools);
  expect(made.code, made.stderr).toBe(0);
  const [name] = fs.readdirSync(backups);
  const backup = path.join(backups, name as string);
  const manifest = JSON.parse(fs.readFileSync(path.join(backup, 'manifest.json'), 'utf8'));
  expect(manifest.database.format).toBe('sqlite');

  const verified = await runCli(['backup', 'verify', backup], withoutTools);
  expect(verified.code, verified.stderr).toBe(0);

  const restored = await runCli(['restore', backup], {
    DATABASE_URL: target.url,
    ATTACHMENT_STORAGE: 'database',
  });
  expect(restored.code, restored.stderr).toBe(0);
  const after = await startTestServer({ database: target, attachments: { storage: 'database' } });
  try {
    const listed = await listNotes(after.url, token);
    expect(listed.map((note) => note.id).sort()).toEqual(notes.map((note) => note.id).sort());
    const file = await download(after.url, id, { token });
    expect(file.bytes.equals(PNG)).toBe(true);
  } finally {
    await after.close();
  }
});
