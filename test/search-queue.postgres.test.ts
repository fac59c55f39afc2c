import type pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { call, createNote, signUp, updateNote } from './helpers/api-client.js';
import { connectToServer } from './helpers/postgres-client.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

// On PostgreSQL the search index catches up from a queue after the writes. A note saved again
// while a catch-up (of any instance) has taken it off the queue must be indexed again.
let server: TestServer;
let token: string;
let indexer: pg.Client;

beforeEach(async () => {
  server = await startTestServer();
  token = await signUp(server.url);
  indexer = await connectToServer(server);
});
afterEach(async () => {
  await indexer.end();
  await server.close();
});

const found = async (q: string) => {
  const response = await call(server.url, 'GET', `/api/search?q=${encodeURIComponent(q)}`, {
    token,
  });
  expect(response.status).toBe(200);
  return response.json.results.map((result: { note: { body: string } }) => result.note.body);
};

describe('the search queue', () => {
  it('indexes a note saved again while a catch-up holds it, with its newer text', async () => {
    const note = await createNote(server.url, token, 'apricot jam');
    // Another instance's catch-up takes the note off the queue and is still indexing it.
    await indexer.query('begin');
    const taken = await indexer.query(
      'delete from note_search_pending where note_id = $1 returning note_id',
      [note.id],
    );
    expect(taken.rowCount).toBe(1);
    const saving = updateNote(server.url, token, { ...note, body: 'blueberry jam' });
    // The save cannot queue the note until that catch-up ends; it indexes the old text.
    await indexer.query(
      `insert into note_search (note_id, user_id, in_trash, time_last_modified, change_seq,
         title, body, stem)
       select id, user_id, false, time_last_modified, change_seq,
         quire_search_vector(quire_note_title(body)), quire_search_vector(body),
         quire_stem_vector(body)
       from notes where id = $1
       on conflict (note_id) do update set title = excluded.title, body = excluded.body,
         stem = excluded.stem`,
      [note.id],
    );
    await indexer.query('commit');
    await saving;
    expect(await found('blueberry')).toEqual(['blueberry jam']);
    expect(await found('apricot')).toEqual([]);
  });

  it('holds a note already queued until the save that queued it again commits', async () => {
    const note = await createNote(server.url, token, 'apricot jam');
    await indexer.query(
      `insert into note_search_pending (note_id, user_id, seq)
       select id, user_id, nextval('note_search_pending_seq') from notes where id = $1
       on conflict do nothing`,
      [note.id],
    );
    // Another instance's save is under way: its trigger found the note queued already.
    const writer = await connectToServer(server);
    try {
      await writer.query('begin');
      await writer.query(`update notes set body = 'blueberry jam' where id = $1`, [note.id]);
      // A catch-up now must not take the entry, or it would index the text before the save.
      const taken = await indexer.query(
        `select note_id from note_search_pending where note_id = $1 for update skip locked`,
        [note.id],
      );
      expect(taken.rowCount).toBe(0);
      await writer.query('commit');
    } finally {
      await writer.end();
    }
    expect(await found('blueberry')).toEqual(['blueberry jam']);
  });

  it('leaves nothing waiting once writes pause', async () => {
    for (let i = 0; i < 30; i += 1) await createNote(server.url, token, `note ${i} elderberry`);
    expect((await found('elderberry')).length).toBe(30);
    const { rows } = await indexer.query(
      'select count(*)::int as waiting from note_search_pending',
    );
    expect(rows[0].waiting).toBe(0);
  });
});
