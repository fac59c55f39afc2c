import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from './helpers/api-client.js';
import { download, PDF, PNG, upload } from './helpers/attachment-client.js';
import { runCli } from './helpers/server-process.js';
import { makeTempDir, removeTempDir } from './helpers/temp-dir.js';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.js';
import { startTestServer } from './helpers/test-server.js';

// SQLite (files on disk) → the suite's database (rows, on PostgreSQL) → SQLite again.
let source: TestDatabase;
let middle: TestDatabase;
let final: TestDatabase;
beforeAll(async () => {
  source = await createTestDatabase('sqlite');
  middle = await createTestDatabase();
  final = await createTestDatabase('sqlite');
});
afterAll(async () => {
  for (const database of [source, middle, final]) await database?.drop();
});

const copy = (from: TestDatabase, to: TestDatabase) =>
  runCli(['db', 'copy', '--from', from.url, '--to', to.url], {});

describe('quire db copy', () => {
  it('copies attachments, their bytes included, wherever each database keeps them', async () => {
    const big = Buffer.alloc(700 * 1024, 7); // several chunks in the database backend
    const before = await startTestServer({ database: source });
    const token = await signUp(before.url);
    const ids: string[] = [];
    for (const [bytes, name] of [
      [PNG, 'dot.png'],
      [PDF, 'a.pdf'],
      [big, 'big.bin'],
    ] as const) {
      ids.push((await upload(before.url, token, bytes, name)).json.id);
    }
    await before.close();

    for (const [from, to] of [
      [source, middle],
      [middle, final],
    ] as const) {
      const result = await copy(from, to);
      expect(result.code, result.stderr).toBe(0);
      expect(result.stderr).toContain('copied the bytes of 3 attachments');
    }

    const after = await startTestServer({ database: final });
    try {
      const served = await Promise.all(ids.map((id) => download(after.url, id, { token })));
      expect(served.map((answer) => answer.status)).toEqual([200, 200, 200]);
      expect(served[0]?.bytes.equals(PNG)).toBe(true);
      expect(served[1]?.bytes.equals(PDF)).toBe(true);
      expect(served[2]?.bytes.equals(big)).toBe(true);
      expect(served[1]?.headers.get('content-type')).toBe('application/pdf');
    } finally {
      await after.close();
    }
  });

  it('takes the bytes from where the source keeps them when told, and says where to tell it', async () => {
    const elsewhere = makeTempDir();
    const from = await createTestDatabase('sqlite');
    const to = await createTestDatabase('sqlite');
    try {
      const before = await startTestServer({ database: from, attachments: { dir: elsewhere } });
      const token = await signUp(before.url);
      const { id } = (await upload(before.url, token, PNG, 'dot.png')).json;
      await before.close();

      const untold = await copy(from, to);
      expect(untold.code).toBe(1);
      expect(untold.stderr).toContain('name the place with --from-attachments');
      const emptyStill = await runCli(['db', 'copy', '--from', from.url, '--to', to.url], {});
      expect(emptyStill.stderr).not.toContain('not empty'); // the failed copy wrote nothing

      const told = await runCli(
        [
          'db',
          'copy',
          '--from',
          from.url,
          '--to',
          to.url,
          '--from-attachments',
          elsewhere,
          '--force',
        ],
        {},
      );
      expect(told.code, told.stderr).toBe(0);
      const after = await startTestServer({ database: to });
      try {
        const served = await download(after.url, id, { token });
        expect(served.status).toBe(200);
        expect(served.bytes.equals(PNG)).toBe(true);
      } finally {
        await after.close();
      }
    } finally {
      await from.drop();
      await to.drop();
      removeTempDir(elsewhere);
    }
  });
});
