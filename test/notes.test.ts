import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Note } from '../src/shared/note.js';
import { call, createNote, listNotes, signUp, updateNote } from './helpers/api-client.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
let token: string;

beforeEach(async () => {
  server = await startTestServer();
  token = await signUp(server.url);
});
afterEach(async () => server.close());

describe('the notes API', () => {
  it('creates a note with an empty body and Unix-second timestamps', async () => {
    const before = Math.floor(Date.now() / 1000);
    const response = await call(server.url, 'POST', '/api/notes', { token, body: { body: '' } });
    expect(response.status).toBe(201);
    const note = response.json as Note;
    expect(Object.keys(note).sort()).toEqual([
      'body',
      'id',
      'revision',
      'timeCreated',
      'timeLastModified',
    ]);
    expect(note.body).toBe('');
    expect(note.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(note.timeCreated).toBeGreaterThanOrEqual(before);
    expect(note.timeCreated).toBeLessThanOrEqual(before + 5);
    expect(note.timeLastModified).toBe(note.timeCreated);
    expect(await listNotes(server.url, token)).toEqual([note]);
  });

  it('updates the whole note and answers with the stored note', async () => {
    const created = await createNote(server.url, token);
    const response = await call(server.url, 'PUT', '/api/notes', {
      token,
      body: { ...created, body: '# Title\nline', timeCreated: 1, timeLastModified: 2 },
    });
    expect(response.status).toBe(200);
    expect(response.json).toMatchObject({
      id: created.id,
      body: '# Title\nline',
      timeCreated: created.timeCreated, // the server owns the timestamps
    });
    expect(response.json.timeLastModified).toBeGreaterThanOrEqual(created.timeLastModified);
    expect(await listNotes(server.url, token)).toEqual([response.json]);
  });

  it('lists most recently modified first, with a deterministic order within one second', async () => {
    const a = await createNote(server.url, token, 'a');
    const b = await createNote(server.url, token, 'b');
    const c = await createNote(server.url, token, 'c');
    expect((await listNotes(server.url, token)).map((n) => n.body)).toEqual(['c', 'b', 'a']);
    await updateNote(server.url, token, { ...a, body: 'a2' });
    expect((await listNotes(server.url, token)).map((n) => n.body)).toEqual(['a2', 'c', 'b']);
    await updateNote(server.url, token, { ...b, body: 'b2' });
    const order = (await listNotes(server.url, token)).map((n) => n.body);
    expect(order).toEqual(['b2', 'a2', 'c']);
    expect((await listNotes(server.url, token)).map((n) => n.body)).toEqual(order);
    expect(c.id).toBeTruthy();
  });

  it('deletes a note with 204 into the trash, then answers 404 for it', async () => {
    const note = await createNote(server.url, token, 'bye');
    // The web client sends content-type: application/json with no body on DELETE.
    const response = await call(server.url, 'DELETE', `/api/notes/${note.id}`, { token });
    expect(response.status).toBe(204);
    expect(await listNotes(server.url, token)).toEqual([]);
    expect((await call(server.url, 'DELETE', `/api/notes/${note.id}`, { token })).status).toBe(404);
    const update = await call(server.url, 'PUT', '/api/notes', { token, body: note });
    expect(update.status).toBe(404);
    expect(update.json).toEqual({ error: 'That note is in the trash', code: 'in_trash' });
  });

  it('answers 401 to every notes call without a valid token', async () => {
    const note = await createNote(server.url, token, 'mine');
    for (const bad of [undefined, 'nonsense']) {
      const requests = [
        call(server.url, 'GET', '/api/notes', { token: bad }),
        call(server.url, 'POST', '/api/notes', { token: bad, body: { body: '' } }),
        call(server.url, 'PUT', '/api/notes', { token: bad, body: { ...note, body: 'x' } }),
        call(server.url, 'DELETE', `/api/notes/${note.id}`, { token: bad }),
      ];
      for (const response of await Promise.all(requests)) {
        expect(response.status).toBe(401);
        expect(typeof response.json.error).toBe('string');
      }
    }
    expect(await listNotes(server.url, token)).toEqual([note]);
  });
});

describe('bad input', () => {
  it('answers a clear 4xx and changes nothing stored', async () => {
    const note = await createNote(server.url, token, 'keep me');
    const cases: Array<[string, string, unknown, number]> = [
      ['POST', '/api/notes', '{"body": ', 400],
      ['POST', '/api/notes', 'null', 400],
      ['POST', '/api/notes', '[]', 400],
      ['POST', '/api/notes', { body: 5 }, 400],
      ['POST', '/api/notes', {}, 400],
      ['POST', '/api/notes', { body: '', pinned: true }, 400],
      ['POST', '/api/notes', '{"body": "", "__proto__": {"x": 1}}', 400],
      ['PUT', '/api/notes', '{', 400],
      ['PUT', '/api/notes', { body: 'x' }, 400],
      ['PUT', '/api/notes', { id: note.id }, 400],
      ['PUT', '/api/notes', { id: note.id, body: null }, 400],
      ['PUT', '/api/notes', { id: 42, body: 'x' }, 400],
      ['PUT', '/api/notes', { ...note, body: 'x', extra: 1 }, 400],
      ['PUT', '/api/notes', { ...note, body: 'x', timeCreated: 'yesterday' }, 400],
      ['PUT', '/api/notes', { ...note, body: 'x', timeCreated: -1 }, 400],
      ['PUT', '/api/notes', { id: 'no-such-note', body: 'x' }, 404],
      ['PUT', '/api/notes', { id: 'x'.repeat(65), body: 'x' }, 400],
      ['PUT', '/api/notes', { ...note, body: 'lone \ud800 surrogate' }, 400],
      ['DELETE', '/api/notes/no-such-note', undefined, 404],
      ['DELETE', `/api/notes/${'x'.repeat(65)}`, undefined, 400],
      ['GET', '/api/nothing-here', undefined, 404],
      ['PATCH', '/api/notes', { body: 'x' }, 404],
    ];
    for (const [method, path, body, status] of cases) {
      const response = await call(server.url, method, path, { token, body });
      expect(response.status, `${method} ${path} ${JSON.stringify(body)}`).toBe(status);
      expect(typeof response.json?.error, `${method} ${path}`).toBe('string');
    }
    expect(await listNotes(server.url, token)).toEqual([note]);
  });

  it('refuses a body of another content type with 415', async () => {
    const response = await call(server.url, 'POST', '/api/notes', {
      token,
      body: 'body=x',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(response.status).toBe(415);
    expect(response.json.error).toMatch(/application\/json/);
  });

  it('accepts a note body of 1 MiB and refuses a request over the limit with 413', async () => {
    const note = await createNote(server.url, token);
    const big = 'x'.repeat(1024 * 1024);
    const saved = await updateNote(server.url, token, { ...note, body: big });
    expect(saved.body).toBe(big);

    const tooBig = 'y'.repeat(2 * 1024 * 1024 + 1);
    const response = await call(server.url, 'PUT', '/api/notes', {
      token,
      body: { ...note, body: tooBig },
    });
    expect(response.status).toBe(413);
    expect(response.json).toEqual({ error: 'Request body is too large', code: 'too_large' });
    expect((await listNotes(server.url, token))[0]?.body).toBe(big);
  });

  it('round-trips emoji, right-to-left text, NUL and other odd characters exactly', async () => {
    const bodies = [
      '😀 👩🏽‍💻 🇳🇿 family: 👨‍👩‍👧‍👦',
      'مرحبا بالعالم — שלום עולם\u200f mixed ltr',
      'nul:\u0000:end\u0000',
      'controls \u0001\u0008\u000b\u000c\u001f\u007f and bom \ufeff zw\u200b\u200d',
      'line\r\nbreaks\rand\u2028separators\u2029',
      '"quotes" \\backslashes\\ </script> <b>html</b>',
      '\ud83d\ude00 astral by escapes and max \u{10ffff}',
      ' leading and trailing spaces \t ',
    ];
    for (const body of bodies) {
      const created = await createNote(server.url, token, body);
      expect(created.body).toBe(body);
      const updated = await updateNote(server.url, token, { ...created, body: `${body}!` });
      expect(updated.body).toBe(`${body}!`);
    }
    const stored = (await listNotes(server.url, token)).map((note) => note.body).reverse();
    expect(stored).toEqual(bodies.map((body) => `${body}!`));
  });
});

describe('HTTP behaviour', () => {
  it('sets a strict CSP and other security headers', async () => {
    const response = await call(server.url, 'GET', '/api/notes', { token });
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/https?:\/\//);
    expect(csp).not.toContain('unsafe-inline');
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('compresses large responses when the client accepts it', async () => {
    for (let i = 0; i < 20; i += 1) await createNote(server.url, token, `note ${i} `.repeat(200));
    const plain = await fetch(`${server.url}/api/notes`, {
      headers: { token, 'accept-encoding': 'identity' },
    });
    expect(plain.headers.get('content-encoding')).toBeNull();
    const gzip = await fetch(`${server.url}/api/notes`, {
      headers: { token, 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers.get('content-encoding')).toBe('gzip');
    expect(((await gzip.json()) as { results: unknown[] }).results).toHaveLength(20);
  });

  it('answers a small note as it is, where compressing would cost more than it saves', async () => {
    const note = await createNote(server.url, token, 'short '.repeat(200));
    const response = await fetch(`${server.url}/api/notes`, {
      method: 'PUT',
      headers: { token, 'content-type': 'application/json', 'accept-encoding': 'gzip' },
      body: JSON.stringify({ id: note.id, body: 'still short '.repeat(100) }),
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-encoding')).toBeNull();
  });
});

describe('POST /api/notes with a client-made id', () => {
  it('creates the note under that id, and a second POST answers it instead of a duplicate', async () => {
    const id = randomUUID();
    const first = await call(server.url, 'POST', '/api/notes', { token, body: { id, body: 'x' } });
    expect(first.status).toBe(201);
    expect(first.json).toMatchObject({ id, body: 'x', revision: 1 });
    const again = await call(server.url, 'POST', '/api/notes', {
      token,
      body: { id, body: 'changed meanwhile' },
    });
    expect(again.status).toBe(200);
    expect(again.json).toEqual(first.json);
    expect(await listNotes(server.url, token)).toEqual([first.json]);
  });

  it('makes one note when the same create is sent twice at once', async () => {
    const id = randomUUID();
    const send = () => call(server.url, 'POST', '/api/notes', { token, body: { id, body: 'a' } });
    const answers = await Promise.all([send(), send(), send()]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 201]);
    expect(await listNotes(server.url, token)).toHaveLength(1);
  });

  it("refuses an id that is not a UUID, and another account's id", async () => {
    const bad = await call(server.url, 'POST', '/api/notes', {
      token,
      body: { id: 'note-1', body: '' },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.code).toBe('invalid_input');
    const id = randomUUID();
    await call(server.url, 'POST', '/api/notes', { token, body: { id, body: 'mine' } });
    const other = await signUp(server.url);
    const taken = await call(server.url, 'POST', '/api/notes', {
      token: other,
      body: { id, body: 'theirs' },
    });
    expect(taken.status).toBe(409);
    expect(taken.json.code).toBe('conflict');
    expect(await listNotes(server.url, other)).toEqual([]);
  });

  it('still serves a plain client that sends only a body', async () => {
    const plain = await call(server.url, 'POST', '/api/notes', { token, body: { body: '' } });
    expect(plain.status).toBe(201);
    expect(plain.json.id).toMatch(/^[0-9a-f-]{36}$/);
  });
});
