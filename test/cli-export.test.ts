import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createNote, signUp, uniqueEmail } from './helpers/api-client.js';
import { runCli } from './helpers/server-process.js';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.js';
import { makeTempDir, removeTempDir, startTestServer } from './helpers/test-server.js';
import { exportZip, zipTexts } from './helpers/transfer-client.js';

let database: TestDatabase;
let dir: string;
beforeAll(async () => {
  database = await createTestDatabase();
  dir = makeTempDir();
});
afterAll(async () => {
  await database.drop();
  removeTempDir(dir);
});

describe('quire export', () => {
  it('writes the same zip as "Export all notes" for one account', async () => {
    const server = await startTestServer({ database });
    const email = uniqueEmail('backup');
    const token = await signUp(server.url, email);
    await createNote(server.url, token, '# Diary\nday one');
    await createNote(server.url, await signUp(server.url), 'not mine');
    const fromApi = zipTexts((await exportZip(server.url, token)).data);
    await server.close();

    const out = path.join(dir, 'backup.zip');
    const result = await runCli(['export', '--user', email.toUpperCase(), '--out', out], {
      DATABASE_URL: database.url,
    });
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(
      new RegExp(`^Exported the notes of ${email} to .*backup\\.zip \\(\\d+ bytes\\)\\n$`),
    );
    const fromCli = zipTexts(fs.readFileSync(out));
    expect(Object.keys(fromCli).sort()).toEqual(['Diary.md', 'notes.json']);
    expect(fromCli['Diary.md']).toBe(fromApi['Diary.md']);
    expect(JSON.parse(fromCli['notes.json'] as string)).toEqual(
      JSON.parse(fromApi['notes.json'] as string),
    );
    expect(fs.readdirSync(dir)).toEqual(['backup.zip']);
  });

  it('explains a missing option or an unknown account, and writes nothing', async () => {
    const env = { DATABASE_URL: database.url };
    const missing = await runCli(['export', '--user', 'a@example.com'], env);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/^quire: "export" needs --user and --out/);
    const misplaced = await runCli(['user', 'list', '--out', 'x.zip'], env);
    expect(misplaced.code).toBe(2);
    expect(misplaced.stderr).toMatch(/^quire: --user and --out belong to "export"/);
    const out = path.join(dir, 'nobody.zip');
    const unknown = await runCli(['export', '--user', 'nobody@example.com', '--out', out], env);
    expect(unknown).toMatchObject({
      code: 1,
      stderr: 'quire: No account with the email nobody@example.com\n',
    });
    expect(fs.existsSync(out)).toBe(false);
  });
});
