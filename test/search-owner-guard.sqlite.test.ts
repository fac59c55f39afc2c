import { sql } from 'kysely';
import { afterEach, expect, it } from 'vitest';
import { call, createNote, signUp } from './helpers/api-client.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

it("never answers a search with another user's note, even from a damaged index", async () => {
  server = await startTestServer();
  const alice = await signUp(server.url);
  const bob = await signUp(server.url);
  const own = await createNote(server.url, alice, 'walrus migration notes');
  const other = await createNote(server.url, bob, 'walrus secret of bob');
  const before = await call(server.url, 'GET', '/api/search?q=walrus', { token: alice });
  expect(before.json.results.map((result: { note: { id: string } }) => result.note.id)).toEqual([
    own.id,
  ]);

  // The index row of Alice's note now points at Bob's note, as a bug or a bad repair might leave it.
  const db = server.database.db;
  await sql`delete from note_search_docs where note_id = ${other.id}`.execute(db);
  await sql`update note_search_docs set note_id = ${other.id} where note_id = ${own.id}`.execute(
    db,
  );

  const after = await call(server.url, 'GET', '/api/search?q=walrus', { token: alice });
  expect(after.status).toBe(200);
  expect(after.text).not.toContain('secret');
  expect(after.json.results).toEqual([]);
});
