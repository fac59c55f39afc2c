import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { migrateToLatest } from '../src/server/db/migrate.js';
import { migrations } from '../src/server/db/migrations/index.js';
import { openDatabase } from '../src/server/storage/open-database.js';
import type { Note } from '../src/shared/note.js';
import { call, createNote, listNotes, signUp, updateNote } from './helpers/api-client.js';
import { runCli, type ServerProcess, spawnServer } from './helpers/server-process.js';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.js';

const databases: TestDatabase[] = [];
const servers: ServerProcess[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    if (server.child.exitCode === null) server.child.kill('SIGKILL');
    await server.exited;
  }
  for (const database of databases.splice(0)) await database.drop();
});

async function tempDatabase(): Promise<TestDatabase> {
  const database = await createTestDatabase();
  databases.push(database);
  return database;
}

/** Sends a PUT, signals SIGTERM once the server has its headers, then sends the body. */
function putAfterSignal(
  server: ServerProcess,
  token: string,
  body: string,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(`${server.url}/api/notes`, {
      method: 'PUT',
      headers: {
        token,
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        expect: '100-continue',
      },
    });
    request.on('continue', () => {
      server.child.kill('SIGTERM');
      request.end(body);
    });
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString() }),
      );
    });
    request.on('error', reject);
  });
}

async function start(database: TestDatabase): Promise<ServerProcess> {
  const server = await spawnServer({ DATABASE_URL: database.url });
  servers.push(server);
  return server;
}

describe('migrations', () => {
  it('create the schema in an empty database', async () => {
    const database = await tempDatabase();
    const result = await runCli(['migrate'], { DATABASE_URL: database.url });
    expect(result).toMatchObject({
      code: 0,
      stdout: `Database migrated: ${Object.keys(migrations).join(', ')}\n`,
    });
    expect(await runCli(['user', 'list'], { DATABASE_URL: database.url })).toMatchObject({
      code: 0,
      stdout: 'No accounts yet\n',
    });
  });

  it('leave an up-to-date database and its data alone', async () => {
    const testDatabase = await tempDatabase();
    const database = await openDatabase(testDatabase.location);
    expect(await migrateToLatest(database.db)).toEqual(Object.keys(migrations));
    await database.db
      .insertInto('users')
      .values({ id: 'u1', email: 'kept@example.com', password_hash: 'x', time_created: 1 })
      .execute();
    expect(await migrateToLatest(database.db)).toEqual([]);
    await database.close();

    const env = { DATABASE_URL: testDatabase.url };
    const again = await runCli(['migrate'], env);
    expect(again).toMatchObject({ code: 0, stdout: 'Database is up to date\n' });
    expect((await runCli(['user', 'list'], env)).stdout).toContain('kept@example.com');
  });
});

describe('durability', () => {
  it('keeps accounts, sessions and notes across a restart', async () => {
    const database = await tempDatabase();
    let server = await start(database);
    const token = await signUp(server.url);
    const note = await createNote(server.url, token, 'survives 🎉');
    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);

    server = await start(database);
    expect((await call(server.url, 'GET', '/api/check', { token })).status).toBe(200);
    expect(await listNotes(server.url, token)).toEqual([note]);
  });

  it('loses no acknowledged write when the server is killed with SIGKILL mid-burst', async () => {
    const database = await tempDatabase();
    let server = await start(database);
    const token = await signUp(server.url);
    const notes = await Promise.all(
      Array.from({ length: 4 }, (_, i) => createNote(server.url, token, `note ${i}`)),
    );

    // Four writers keep updating their own note, each from the note its last answer gave, as
    // a plain client does; every answered PUT is an acknowledged write.
    const acknowledged = new Map<string, number>();
    const writer = async (created: Note) => {
      let note = created;
      for (let version = 1; version <= 2000; version += 1) {
        try {
          note = await updateNote(server.url, token, { ...note, body: `${note.id} v${version}` });
          acknowledged.set(note.id, version);
        } catch {
          return; // the server is gone
        }
      }
    };
    const burst = Promise.all(notes.map(writer));
    while ([...acknowledged.values()].reduce((a, b) => a + b, 0) < 100) {
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    server.child.kill('SIGKILL');
    await burst;
    await server.exited;

    server = await start(database);
    const stored = new Map((await listNotes(server.url, token)).map((n) => [n.id, n.body]));
    for (const note of notes) {
      const version = acknowledged.get(note.id) ?? 0;
      const body = stored.get(note.id) ?? '';
      // The stored version is the last acknowledged one, or the one in flight at the kill.
      const storedVersion = Number(/ v(\d+)$/.exec(body)?.[1] ?? 0);
      expect(storedVersion).toBeGreaterThanOrEqual(version);
      expect(storedVersion).toBeLessThanOrEqual(version + 1);
    }
  });

  it('finishes a write already under way when SIGTERM arrives, and exits cleanly', async () => {
    const database = await tempDatabase();
    let server = await start(database);
    const token = await signUp(server.url);
    const note = await createNote(server.url, token);
    const big = 'z'.repeat(1024 * 1024);
    // `Expect: 100-continue` makes the server say when it has the request; only then does the
    // signal go out and the body follow, so the write is surely in flight.
    const saved = await putAfterSignal(server, token, JSON.stringify({ ...note, body: big }));
    expect(saved.status).toBe(200);
    expect(JSON.parse(saved.body)).toMatchObject({ id: note.id, body: big, revision: 2 });
    expect(await server.exited).toBe(0);
    expect(server.output()).toContain('Quire has stopped');

    server = await start(database);
    expect((await listNotes(server.url, token))[0]?.body).toBe(big);
  });
});
