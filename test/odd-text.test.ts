import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createNote, listNotes, signUp } from './helpers/api-client.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

// NUL and its neighbours anywhere a client can put text, not only in note bodies: every
// database must give the same answers (PostgreSQL text cannot hold NUL as it is).
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => server.close());

const credentials = (username: string) => ({ body: { username, password: 'correct horse' } });

describe('odd characters outside note bodies', () => {
  it('keeps an email with NUL and U+0001 exactly, and tells it from its neighbours', async () => {
    const email = 'nul\u0000and\u0001@example.com';
    const signup = await call(server.url, 'POST', '/api/signup', credentials(email));
    expect(signup.status).toBe(201);
    const check = await call(server.url, 'GET', '/api/check', { token: signup.text });
    expect(check.json).toEqual({ email });

    expect((await call(server.url, 'POST', '/api/login', credentials(email))).status).toBe(200);
    for (const near of ['nul\u0001\u0001and\u0001\u0002@example.com', 'nuland@example.com']) {
      expect((await call(server.url, 'POST', '/api/login', credentials(near))).status).toBe(401);
    }
    expect((await call(server.url, 'POST', '/api/signup', credentials(email))).status).toBe(409);
  });

  it('answers 404 for note ids holding NUL, and changes nothing', async () => {
    const token = await signUp(server.url);
    const note = await createNote(server.url, token, 'keep');
    for (const id of [`${note.id}\u0000`, '\u0000', `\u0001${note.id}`]) {
      const put = await call(server.url, 'PUT', '/api/notes', { token, body: { id, body: 'x' } });
      expect(put.status, JSON.stringify(id)).toBe(404);
      const path = `/api/notes/${encodeURIComponent(id)}`;
      expect((await call(server.url, 'DELETE', path, { token })).status).toBe(404);
    }
    expect(await listNotes(server.url, token)).toEqual([note]);
  });
});
