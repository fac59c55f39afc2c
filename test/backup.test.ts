import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Note } from '../src/shared/note.js';
import { createNote, listNotes, signUp, updateNote } from './helpers/api-client.js';
import { download, PNG, upload } from './helpers/attachment-client.js';
import { runCli } from './helpers/server-process.js';
import { makeTempDir, removeTempDir } from './helpers/temp-dir.js';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

// Backups of the suite's database, made by the CLI while a server takes writes, then checked
// and restored as a self-hoster would.
let source: TestDatabase;
let server: TestServer;
let backups: string;
let token: string;
let acknowledged: Note[];
let attachmentId: string;
let backup: string;
const cleanUp: (() => Promise<void>)[] = [];

const env = (database: TestDatabase) => ({ DATABASE_URL: database.url });

beforeAll(async () => {
  source = await createTestDatabase();
  backups = makeTempDir();
  server = await startTestServer({ database: source });
  token = await signUp(server.url);
  acknowledged = [];
  for (let i = 0; i < 20; i += 1) {
    acknowledged.push(await createNote(server.url, token, `# Note ${i}\n\nacknowledged ${i}`));
  }
  attachmentId = (await upload(server.url, token, PNG, 'dot.png')).json.id;

  // Writes go on while the backup is taken; those answered before it began must be in it.
  let writing = true;
  const load = (async () => {
    for (let i = 0; writing && i < 400; i += 1) {
      const note = acknowledged[i % acknowledged.length] as Note;
      await updateNote(server.url, token, { ...note, body: `${note.body}\nlater ${i}` });
      await createNote(server.url, token, `written during the backup ${i}`);
    }
  })();
  const made = await runCli(['backup', backups], env(source));
  writing = false;
  await load;
  expect(made.code, made.stderr).toBe(0);
  const [name] = fs.readdirSync(backups);
  backup = path.join(backups, name as string);
  expect(made.stdout).toContain(`Backup written to ${backup}`);
});

afterAll(async () => {
  await server?.close();
  for (const step of cleanUp) await step();
  await source?.drop();
  removeTempDir(backups);
});

describe('quire backup', () => {
  it('writes one folder named by the UTC time, with a manifest of counts and checksums', () => {
    expect(path.basename(backup)).toMatch(/^quire-backup-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d-\d{3}Z$/);
    const manifest = JSON.parse(fs.readFileSync(path.join(backup, 'manifest.json'), 'utf8'));
    expect(manifest.tables.users.rows).toBe(1);
    expect(manifest.tables.notes.rows).toBeGreaterThanOrEqual(acknowledged.length);
    expect(manifest.tables.attachments.rows).toBe(1);
    expect(manifest.database.sha256).toMatch(/^[0-9a-f]{64}$/);
  });

  it('verifies: the backup restores into a scratch database and matches its manifest', async () => {
    const verified = await runCli(['backup', 'verify', backup], env(source));
    expect(verified.code, verified.stderr).toBe(0);
    expect(verified.stdout).toContain('restores and matches its manifest');
  });

  it('restores into an empty location every note acknowledged before it began, and files', async () => {
    const target = await createTestDatabase();
    cleanUp.push(() => target.drop());
    const restored = await runCli(['restore', backup], env(target));
    expect(restored.code, restored.stderr).toBe(0);

    const after = await startTestServer({ database: target });
    try {
      const notes = new Map((await listNotes(after.url, token)).map((note) => [note.id, note]));
      for (const note of acknowledged) {
        expect(notes.get(note.id)?.body.startsWith(note.body), note.body).toBe(true);
      }
      const file = await download(after.url, attachmentId, { token });
      expect(file.status).toBe(200);
      expect(file.bytes.equals(PNG)).toBe(true);
      // The restored database takes new writes.
      await createNote(after.url, token, 'after the restore');
    } finally {
      await after.close();
    }

    const again = await runCli(['restore', backup], env(target));
    expect(again.code).toBe(1);
    expect(again.stderr).toContain('refusing to restore');
    expect(again.stderr).toContain('empty data location only');
  });

  it('fails the check of a backup whose files or manifest were changed', async () => {
    const copy = path.join(makeTempDir(), path.basename(backup));
    cleanUp.push(async () => removeTempDir(path.dirname(copy)));
    fs.cpSync(backup, copy, { recursive: true });
    const manifestFile = path.join(copy, 'manifest.json');
    const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
    manifest.tables.notes.rows += 1;
    fs.writeFileSync(manifestFile, JSON.stringify(manifest));
    const counted = await runCli(['backup', 'verify', copy], env(source));
    expect(counted.code).toBe(1);
    expect(counted.stderr).toContain(
      `notes: ${manifest.tables.notes.rows} rows in the manifest, ${manifest.tables.notes.rows - 1} restored`,
    );

    const outside = { ...manifest, database: { ...manifest.database, file: '../quire.db' } };
    fs.writeFileSync(manifestFile, JSON.stringify(outside));
    const escaping = await runCli(['restore', copy], env(source));
    expect(escaping.code).toBe(1);
    expect(escaping.stderr).toContain('is not one Quire wrote (/database/file');
    fs.writeFileSync(manifestFile, JSON.stringify(manifest));

    const database = path.join(copy, manifest.database.file);
    const bytes = fs.readFileSync(database);
    bytes[bytes.length - 100] = (bytes[bytes.length - 100] as number) ^ 0xff;
    fs.writeFileSync(database, bytes);
    const tampered = await runCli(['backup', 'verify', copy], env(source));
    expect(tampered.code).toBe(1);
    expect(tampered.stderr).toContain('fails its check');
    expect(tampered.stderr).toContain('its checksum differs');
  });

  it('says what is wrong with a folder that is no backup', async () => {
    const result = await runCli(['backup', 'verify', backups], env(source));
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('is not a Quire backup');
  });
});
