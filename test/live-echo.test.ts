import { afterEach, describe, expect, it } from 'vitest';
import { LIVE_CLIENT_HEADER } from '../src/shared/live-message.js';
import type { Note } from '../src/shared/note.js';
import { call, createNote, signUp } from './helpers/api-client.js';
import { LiveTestClient } from './helpers/live-client.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
const clients: LiveTestClient[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) client.close();
  await server?.close();
});

async function connect(token: string, clientId?: string): Promise<LiveTestClient> {
  const client = new LiveTestClient(server.socketUrl);
  clients.push(client);
  await client.opened();
  client.send({ event: 'auth', payload: token, ...(clientId ? { client: clientId } : {}) });
  await client.next((message) => message.event === 'ready');
  return client;
}

const save = (token: string, note: Note, body: string, clientId?: string) =>
  call(server.url, 'PUT', '/api/notes', {
    token,
    body: { id: note.id, body },
    headers: clientId ? { [LIVE_CLIENT_HEADER]: clientId } : {},
  });

describe('the echo of a change to the socket that made it', () => {
  it('is skipped only for the socket that named itself, and only for its own changes', async () => {
    server = await startTestServer();
    const token = await signUp(server.url);
    const writer = await connect(token, 'tab-a');
    const sameSession = await connect(token); // e.g. another tab with the same session
    const note = await createNote(server.url, token, 'start');
    await writer.next();
    await sameSession.next();

    const own = await save(token, note, 'typed in tab a', 'tab-a');
    expect(own.status).toBe(200);
    expect(await sameSession.next()).toEqual({ event: 'update', payload: own.json });
    const other = await save(token, note, 'typed elsewhere');
    expect(await writer.next()).toEqual({ event: 'update', payload: other.json });
    expect(await sameSession.next()).toEqual({ event: 'update', payload: other.json });
    expect(writer.messages).toEqual([]); // the own change never arrived, before or after

    const removed = await call(server.url, 'DELETE', `/api/notes/${note.id}`, {
      token,
      headers: { [LIVE_CLIENT_HEADER]: 'tab-a' },
    });
    expect(removed.status).toBe(204);
    expect(await sameSession.next()).toEqual({ event: 'delete', payload: note.id });
    // A later change from elsewhere arrives in order behind anything still on its way: if it is
    // the writer's next message, the delete's echo never came.
    const later = await createNote(server.url, token, 'later');
    expect(await writer.next()).toEqual({ event: 'update', payload: later });
    expect(writer.messages).toEqual([]);
  });

  it('reaches a plain socket that named no client, whatever the request says', async () => {
    server = await startTestServer();
    const token = await signUp(server.url);
    const plain = await connect(token);
    const note = await createNote(server.url, token, 'start');
    await plain.next();
    const saved = await save(token, note, 'changed', 'some-client');
    expect(await plain.next()).toEqual({ event: 'update', payload: saved.json });
  });
});
