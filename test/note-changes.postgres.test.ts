import type pg from 'pg';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LIST_CURSOR_HEADER } from '../src/shared/api-headers.js';
import { call, createNote, signUp, updateNote } from './helpers/api-client.js';
import { connectToServer } from './helpers/postgres-client.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

// On PostgreSQL a user's writes commit side by side, in any order. A change whose transaction
// began before a device read its list and committed after must still reach that device.
let server: TestServer;
let token: string;
let writer: pg.Client;

beforeEach(async () => {
  server = await startTestServer();
  token = await signUp(server.url);
  writer = await connectToServer(server);
});
afterEach(async () => {
  await writer.end();
  await server.close();
});

const list = (headers: Record<string, string> = {}) =>
  call(server.url, 'GET', '/api/notes', { token, headers });

describe('changes that commit out of order', () => {
  it('reach a device whose cursor was taken while they were under way', async () => {
    const slow = await createNote(server.url, token, 'slow');
    const fast = await createNote(server.url, token, 'fast');
    // A save on another instance that has written but not yet committed.
    await writer.query('begin');
    await writer.query(
      "update notes set body = 'slow, saved late', revision = revision + 1 where id = $1",
      [slow.id],
    );
    // Meanwhile a later save commits, and the device reads the list.
    const saved = await updateNote(server.url, token, { ...fast, body: 'fast, saved first' });
    const read = await list();
    const cursor = read.headers.get(LIST_CURSOR_HEADER) as string;
    const etag = read.headers.get('etag') as string;
    expect(read.json.results.map((n: { body: string }) => n.body)).toEqual([
      'fast, saved first',
      'slow',
    ]);
    expect((await list({ 'if-none-match': etag })).status).toBe(304);

    await writer.query('commit');
    const changes = await call(
      server.url,
      'GET',
      `/api/notes?since=${encodeURIComponent(cursor)}`,
      { token },
    );
    expect(changes.status).toBe(200);
    expect(changes.json.results.map((n: { body: string }) => n.body)).toEqual(['slow, saved late']);
    expect(changes.json.results.map((n: { id: string }) => n.id)).not.toContain(saved.id);
    const again = await list({ 'if-none-match': etag });
    expect(again.status).toBe(200);
    expect(again.json.results.map((n: { body: string }) => n.body)).toContain('slow, saved late');
  });

  it("need no lock on the account's row, so one account's saves never take turns", async () => {
    const notes = await Promise.all(
      Array.from({ length: 16 }, (_, i) => createNote(server.url, token, `note ${i}`)),
    );
    const cursor = (await list()).headers.get(LIST_CURSOR_HEADER) as string;
    // The lock a write of the account's own row takes (a change counter there would need it).
    await writer.query('begin');
    await writer.query(
      'select id from users where id = (select user_id from notes where id = $1) for no key update',
      [notes[0]?.id],
    );
    const saved = await Promise.all([
      ...notes.map((note) => updateNote(server.url, token, { ...note, body: `${note.body}!` })),
      createNote(server.url, token, 'one more'),
    ]);
    await writer.query('rollback');
    const changes = await call(
      server.url,
      'GET',
      `/api/notes?since=${encodeURIComponent(cursor)}`,
      { token },
    );
    expect(changes.json.results.map((n: { id: string }) => n.id).sort()).toEqual(
      saved.map((n) => n.id).sort(),
    );
  });
});
