import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LIST_CURSOR_HEADER } from '../src/shared/api-headers.js';
import { call, createNote, signUp, updateNote } from './helpers/api-client.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
let token: string;

beforeEach(async () => {
  server = await startTestServer();
  token = await signUp(server.url);
});
afterEach(async () => server.close());

const list = (headers: Record<string, string> = {}) =>
  call(server.url, 'GET', '/api/notes', { token, headers });
const since = (cursor: string, as = token) =>
  call(server.url, 'GET', `/api/notes?since=${encodeURIComponent(cursor)}`, { token: as });

describe('the whole list', () => {
  it('is byte for byte what JSON.stringify makes of the notes, odd characters included', async () => {
    const odd = [
      '',
      'plain',
      'quote " back \\ slash',
      '\u0000\u0001\u0002\u001f\u007f',
      'tab\tnew\nline\r',
      '😀 مرحبا \u2028\u2029',
      '</script>',
    ];
    for (const body of odd) await createNote(server.url, token, body);
    const response = await list();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(response.text).toBe(JSON.stringify({ results: response.json.results }));
    expect(response.json.results.map((note: { body: string }) => note.body)).toEqual(
      [...odd].reverse(),
    );
  });

  it('answers 304 to If-None-Match until the next change, and gives its cursor', async () => {
    const note = await createNote(server.url, token, 'one');
    const first = await list();
    const etag = first.headers.get('etag') as string;
    expect(etag).toMatch(/^".+"$/);
    expect(first.headers.get(LIST_CURSOR_HEADER)).toBeTruthy();
    expect((await list({ 'if-none-match': etag })).status).toBe(304);
    expect((await list({ 'if-none-match': `W/${etag}` })).status).toBe(304);
    await updateNote(server.url, token, { ...note, body: 'two' });
    const after = await list({ 'if-none-match': etag });
    expect(after.status).toBe(200);
    expect(after.json.results.map((n: { body: string }) => n.body)).toEqual(['two']);
    expect(after.headers.get('etag')).not.toBe(etag);
  });

  it("never answers 304 with another user's entity tag", async () => {
    await createNote(server.url, token, 'mine');
    const other = await signUp(server.url);
    await createNote(server.url, other, 'theirs');
    const mine = await list();
    const theirs = await call(server.url, 'GET', '/api/notes', {
      token: other,
      headers: { 'if-none-match': mine.headers.get('etag') as string },
    });
    expect(theirs.status).toBe(200);
    expect(theirs.json.results.map((n: { body: string }) => n.body)).toEqual(['theirs']);
  });
});

describe('GET /api/notes?since=', () => {
  it('returns only what changed after the cursor, and deleted ids', async () => {
    const kept = await createNote(server.url, token, 'kept');
    const edited = await createNote(server.url, token, 'edited');
    const trashed = await createNote(server.url, token, 'trashed');
    const cursor = (await list()).headers.get(LIST_CURSOR_HEADER) as string;

    const nothing = await since(cursor);
    expect(nothing.json).toEqual({ results: [], deleted: [], cursor: expect.any(String) });

    const saved = await updateNote(server.url, token, { ...edited, body: 'edited again' });
    expect((await call(server.url, 'DELETE', `/api/notes/${trashed.id}`, { token })).status).toBe(
      204,
    );
    const changes = await since(cursor);
    expect(changes.status).toBe(200);
    expect(changes.json.results).toEqual([saved]);
    expect(changes.json.deleted).toEqual([trashed.id]);
    expect(changes.json.cursor).not.toBe(cursor);
    expect(changes.json.results.map((n: { id: string }) => n.id)).not.toContain(kept.id);
    expect((await since(changes.json.cursor)).json).toMatchObject({ results: [], deleted: [] });
  });

  it('reports a note purged from the trash after the cursor as deleted', async () => {
    const note = await createNote(server.url, token, 'short-lived');
    const cursor = (await list()).headers.get(LIST_CURSOR_HEADER) as string;
    await call(server.url, 'DELETE', `/api/notes/${note.id}`, { token });
    expect((await call(server.url, 'DELETE', `/api/trash/${note.id}`, { token })).status).toBe(204);
    const changes = await since(cursor);
    expect(changes.json.results).toEqual([]);
    expect(changes.json.deleted).toEqual([note.id]);
    // Purging changes nothing in the list, so the cursor stays where the trashing left it.
    expect((await since(changes.json.cursor)).json.deleted).toEqual([]);
  });

  it('brings back a note restored from the trash as changed', async () => {
    const note = await createNote(server.url, token, 'back again');
    await call(server.url, 'DELETE', `/api/notes/${note.id}`, { token });
    const cursor = (await list()).headers.get(LIST_CURSOR_HEADER) as string;
    await call(server.url, 'POST', `/api/trash/${note.id}/restore`, { token });
    const changes = await since(cursor);
    expect(changes.json.results.map((n: { id: string }) => n.id)).toEqual([note.id]);
    expect(changes.json.deleted).toEqual([]);
  });

  it("shows nothing of another user's changes", async () => {
    const cursor = (await list()).headers.get(LIST_CURSOR_HEADER) as string;
    const other = await signUp(server.url);
    const theirs = await createNote(server.url, other, 'theirs');
    await call(server.url, 'DELETE', `/api/notes/${theirs.id}`, { token: other });
    await call(server.url, 'DELETE', `/api/trash/${theirs.id}`, { token: other });
    expect((await since(cursor)).json).toMatchObject({ results: [], deleted: [] });
  });

  it('refuses a cursor that is malformed or ahead of the account with 400 and a code', async () => {
    await createNote(server.url, token, 'x');
    // Counters (SQLite) and snapshots (PostgreSQL) alike, malformed or ahead of the database.
    const bad = ['', 'abc', '-1', '1.5', '01', '99999999999999999999', '1000000', '5:3:', '0:0:'];
    bad.push('3:9:9', '3:9:5,4', '99999999:99999999:', '1:2:1,1');
    for (const cursor of bad) {
      const response = await since(cursor);
      expect(response.status, cursor).toBe(400);
      expect(response.json).toMatchObject({ code: 'invalid_input', error: expect.any(String) });
    }
    const unauthorized = await call(server.url, 'GET', '/api/notes?since=0');
    expect(unauthorized.status).toBe(401);
  });
});
