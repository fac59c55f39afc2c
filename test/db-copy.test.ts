import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseLocation } from '../src/server/db/location.js';
import { openDatabase } from '../src/server/storage/open-database.js';
import { listNotes } from './helpers/api-client.js';
import {
  fillSampleDatabase,
  SAMPLE_SESSIONS,
  SAMPLE_USERS,
  sampleToken,
  sampleVersionCount,
} from './helpers/sample-database.js';
import { runCli } from './helpers/server-process.js';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.js';
import { startTestServer } from './helpers/test-server.js';

// SQLite → the suite's database → SQLite again: every row of every table comes back exactly.
const NOTES = 10_000;
const VERSIONS = sampleVersionCount(NOTES);
let source: TestDatabase;
let middle: TestDatabase;
let final: TestDatabase;
beforeAll(async () => {
  source = await createTestDatabase('sqlite');
  middle = await createTestDatabase();
  final = await createTestDatabase('sqlite');
  await fillSampleDatabase(source.location, NOTES);
});
afterAll(async () => {
  for (const database of [source, middle, final]) await database?.drop();
});

async function allRows(location: DatabaseLocation) {
  const database = await openDatabase(location);
  try {
    return {
      users: await database.db.selectFrom('users').selectAll().orderBy('id').execute(),
      sessions: await database.db.selectFrom('sessions').selectAll().orderBy('id').execute(),
      // PostgreSQL's change_xid names that database's own transactions: never copied.
      notes: (await database.db.selectFrom('notes').selectAll().orderBy('id').execute()).map(
        ({ change_xid: _local, ...note }: Record<string, unknown>) => note,
      ),
      versions: await database.db
        .selectFrom('note_versions')
        .selectAll()
        .orderBy('note_id')
        .orderBy('revision')
        .execute(),
      importKeys: await database.db
        .selectFrom('import_keys')
        .selectAll()
        .orderBy('user_id')
        .orderBy('key')
        .execute(),
    };
  } finally {
    await database.close();
  }
}

const copy = (from: TestDatabase, to: TestDatabase, ...extra: string[]) =>
  runCli(['db', 'copy', '--from', from.url, '--to', to.url, ...extra], {});

describe('quire db copy', () => {
  it('round-trips users, sessions, 10,000 notes with odd bodies and their history exactly', async () => {
    const there = await copy(source, middle);
    expect(there.stderr).toContain(`copied 500/${NOTES} notes\n`);
    expect(there.stderr).toContain(`copied ${NOTES}/${NOTES} notes\n`);
    expect(there.stderr).not.toMatch(/quire:/);
    expect(there.code).toBe(0);
    expect(there.stdout).toMatch(
      new RegExp(
        `^Copied ${SAMPLE_USERS} users, ${SAMPLE_SESSIONS} sessions, ${NOTES} notes and ${VERSIONS} note versions`,
      ),
    );
    const back = await copy(middle, final);
    expect(back.code, back.stderr).toBe(0);

    const original = await allRows(source.location);
    expect(original.notes).toHaveLength(NOTES);
    expect(original.versions).toHaveLength(VERSIONS);
    expect(await allRows(middle.location)).toEqual(original);
    expect(await allRows(final.location)).toEqual(original);
  });

  it('gives the same API answers, in the same order, from the copy', async () => {
    const servers = [
      await startTestServer({ database: source }),
      await startTestServer({ database: middle }),
    ];
    try {
      for (let user = 0; user < SAMPLE_USERS; user += 1) {
        const [before, after] = await Promise.all(
          servers.map((server) => listNotes(server.url, sampleToken(user))),
        );
        expect(before?.length).toBeGreaterThan(3000);
        expect(after).toEqual(before);
      }
    } finally {
      for (const server of servers) await server.close();
    }
  });

  it('refuses a target that holds data, and replaces it with --force', async () => {
    const refused = await copy(final, middle);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe(
      `quire: the target database is not empty (${SAMPLE_USERS} users, ${SAMPLE_SESSIONS} sessions, ${NOTES} notes and ${VERSIONS} note versions); add --force to replace its contents\n`,
    );

    // The source shrinks; a forced copy leaves the target exactly like it.
    const database = await openDatabase(final.location);
    await database.db.deleteFrom('notes').where('user_id', '=', 'user-1').execute();
    await database.db.deleteFrom('sessions').where('id', '=', 'session-3').execute();
    await database.close();
    const forced = await copy(final, middle, '--force');
    expect(forced.code, forced.stderr).toBe(0);
    expect(await allRows(middle.location)).toEqual(await allRows(final.location));
  });

  it('explains misuse in one line', async () => {
    const cases: Array<[string[], number, RegExp]> = [
      [['db', 'copy', '--from', source.url], 2, /"db copy" needs --from and --to/],
      [['db', 'copy', '--from', source.url, '--to', source.url], 1, /name the same database/],
      [['db', 'copy', '--from', 'no/such/quire.db', '--to', final.url], 1, /no SQLite database/],
      [['db', 'copy', '--from', 'mysql://x/y', '--to', final.url], 2, /^quire: --from: must be/],
      [['user', 'list', '--force'], 2, /belong to "db copy"/],
    ];
    for (const [args, code, message] of cases) {
      const result = await runCli(args, { DATABASE_URL: final.url });
      expect(result.code, args.join(' ')).toBe(code);
      expect(result.stderr, args.join(' ')).toMatch(message);
    }
  });
});
