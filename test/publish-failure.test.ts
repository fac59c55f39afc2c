import { afterEach, expect, it } from 'vitest';
import { call, createNote, listNotes, signUp } from './helpers/api-client.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
afterEach(async () => server.close());

it('answers a stored write normally when the live bus fails to publish it', async () => {
  const broken = {
    publish: async () => {
      throw new Error('bus is down');
    },
    publishPresence: async () => {
      throw new Error('bus is down');
    },
    endSessions: async () => {},
    subscribe: () => () => {},
    close: async () => {},
  };
  server = await startTestServer({ bus: broken });
  const token = await signUp(server.url);
  const note = await createNote(server.url, token, 'first');
  const saved = await call(server.url, 'PUT', '/api/notes', {
    token,
    body: { ...note, body: 'second' },
  });
  expect(saved.status).toBe(200);
  expect((await call(server.url, 'DELETE', `/api/notes/${note.id}`, { token })).status).toBe(204);
  expect(await listNotes(server.url, token)).toEqual([]);
  const trash = await call(server.url, 'GET', '/api/trash', { token });
  expect(trash.json.results[0].body).toBe('second');
});
