import { sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, createNote, signUp } from './helpers/api-client.js';
import { runCli } from './helpers/server-process.js';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

let database: TestDatabase;
let server: TestServer;
beforeAll(async () => {
  database = await createTestDatabase();
  server = await startTestServer({ database });
});
afterAll(async () => {
  await server.close();
  await database.drop();
});

it('quire reindex rebuilds a lost search index from the notes', async () => {
  const token = await signUp(server.url);
  await createNote(server.url, token, 'Lighthouse\nkeeper of the lamp');
  await createNote(server.url, token, 'Second note\nlamp oil');
  const lampNotes = async (q = 'lamp') => {
    const response = await call(server.url, 'GET', `/api/search?q=${q}`, { token });
    return response.json.results.length as number;
  };
  expect(await lampNotes()).toBe(2);
  expect(await lampNotes('lamps')).toBe(2); // by the stem

  // Lose the index (the words and their stems) behind the app's back, as a damaged or
  // hand-edited database might.
  const empty =
    server.database.kind === 'postgres'
      ? [sql`delete from note_search`]
      : [
          sql`insert into note_search (note_search) values ('delete-all')`,
          sql`insert into note_search_stem (note_search_stem) values ('delete-all')`,
        ];
  for (const statement of empty) await statement.execute(server.database.db);
  expect(await lampNotes()).toBe(0);
  expect(await lampNotes('lamps')).toBe(0);

  const result = await runCli(['reindex'], { DATABASE_URL: database.url });
  expect(result.stdout).toBe('Search index rebuilt: 2 notes\nLink index rebuilt: 0 links\n');
  expect(result.code).toBe(0);
  expect(await lampNotes()).toBe(2);
  expect(await lampNotes('lamps')).toBe(2);
});
