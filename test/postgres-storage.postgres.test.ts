import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { insertUser, listUsers } from '../src/server/accounts/user-repository.js';
import { migrateToLatest } from '../src/server/db/migrate.js';
import { openDatabase } from '../src/server/storage/open-database.js';
import { createNote, signUp } from './helpers/api-client.js';
import { adminQuery, adminUrl } from './helpers/postgres-admin.js';
import { connectTo } from './helpers/postgres-client.js';
import { runCli } from './helpers/server-process.js';
import { createPostgresDatabase, type TestDatabase } from './helpers/test-database.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

const databases: TestDatabase[] = [];
const servers: TestServer[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) await server.close();
  for (const database of databases.splice(0)) await database.drop();
});

async function database(options = ''): Promise<TestDatabase> {
  const created = await createPostgresDatabase(options);
  databases.push(created);
  return created;
}

/** A loopback port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

describe('start-up on PostgreSQL', () => {
  it('waits for the server, then gives up with one line that never shows the password', async () => {
    const port = await closedPort();
    const started = Date.now();
    const opening = openDatabase(
      { kind: 'postgres', url: `postgres://quire:s3cret@127.0.0.1:${port}/quire` },
      { startupWaitMs: 600 },
    );
    await expect(opening).rejects.toThrow(
      new RegExp(`^cannot reach PostgreSQL at 127\\.0\\.0\\.1:${port}/quire: .*ECONNREFUSED`),
    );
    await opening.catch((error: Error) => expect(error.message).not.toContain('s3cret'));
    expect(Date.now() - started).toBeGreaterThanOrEqual(500);
  });

  it('stops at once, in one line, when the database does not exist', async () => {
    const url = new URL(adminUrl());
    url.password = 's3cret';
    url.pathname = '/quire_no_such_database';
    const result = await runCli(['serve'], { DATABASE_URL: url.href });
    expect(result.code).toBe(1);
    expect(result.stderr).toBe(
      `quire: cannot reach PostgreSQL at ${url.hostname}:${url.port || 5432}/quire_no_such_database: database "quire_no_such_database" does not exist\n`,
    );
  });

  it('lets several instances migrate one database at the same time', async () => {
    const { url } = await database();
    const runs = await Promise.all([1, 2, 3].map(() => runCli(['migrate'], { DATABASE_URL: url })));
    for (const run of runs) expect(run.code, run.stderr).toBe(0);
    const outputs = runs.map((run) => run.stdout);
    expect(outputs.filter((out) => out.startsWith('Database migrated: '))).toHaveLength(1);
    expect(outputs.filter((out) => out === 'Database is up to date\n')).toHaveLength(2);
  });
});

describe('storage on PostgreSQL', () => {
  it('keeps NUL out of text columns by escaping it, and reads bigint as numbers', async () => {
    const created = await database();
    const server = await startTestServer({ database: created });
    servers.push(server);
    const token = await signUp(server.url);
    const note = await createNote(server.url, token, 'a\u0000b\u0001c');

    const raw = await connectTo(created.url);
    const { rows } = await raw.query('select body, time_created from notes where id = $1', [
      note.id,
    ]);
    await raw.end();
    // pg itself reads bigint as a string; Quire's connections read it as a number.
    expect(rows).toEqual([
      { body: 'a\u0001\u0001b\u0001\u0002c', time_created: String(note.timeCreated) },
    ]);
    const users = await server.database.db.selectFrom('users').selectAll().execute();
    expect(typeof users[0]?.time_created).toBe('number');
    const count = await server.database.db
      .selectFrom('notes')
      .select((eb) => eb.fn.countAll().as('count'))
      .executeTakeFirstOrThrow();
    expect(count.count).toBe(1);
  });

  it('lists in byte order even when the database collation says otherwise', async () => {
    const icu = await adminQuery("select 1 from pg_collation where collname = 'en-US-x-icu'");
    if (icu.rowCount === 0) return; // this PostgreSQL has no ICU: nothing to tell apart
    const created = await database(
      "template template0 locale_provider icu icu_locale 'en-US' locale 'C.UTF-8'",
    );
    const opened = await openDatabase(created.location);
    try {
      await migrateToLatest(opened.db);
      const emails = ['b@example.com', '~a@example.com', '_z@example.com', '9z@example.com'];
      for (const [i, email] of emails.entries()) {
        await insertUser(opened.db, { id: `u${i}`, email, password_hash: 'x', time_created: 0 });
      }
      // The same answer SQLite gives, where text compares byte by byte.
      const order = (await listUsers(opened.db)).map((user) => user.email);
      expect(order).toEqual([
        '9z@example.com',
        '_z@example.com',
        'b@example.com',
        '~a@example.com',
      ]);
    } finally {
      await opened.close();
    }
  });
});
