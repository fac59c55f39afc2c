import net from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { CLOSE_UNAUTHORIZED } from '../src/shared/live-message.js';
import type { Note } from '../src/shared/note.js';
import { call, createNote, signUp, uniqueEmail, updateNote } from './helpers/api-client.js';
import { expectOnlyNext, LiveTestClient, updateOf } from './helpers/live-client.js';
import { runCli } from './helpers/server-process.js';
import { createTestDatabase } from './helpers/test-database.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
const clients: LiveTestClient[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) client.close();
  await server?.close();
});

async function connect(token: string): Promise<LiveTestClient> {
  const client = await LiveTestClient.connect(server.socketUrl, token);
  clients.push(client);
  return client;
}

function unauthenticated(): LiveTestClient {
  const client = new LiveTestClient(server.socketUrl);
  clients.push(client);
  return client;
}

describe('the live socket', () => {
  it('answers auth with ready, then pushes update and delete for changes made over HTTP', async () => {
    server = await startTestServer();
    const token = await signUp(server.url);
    const live = await connect(token);

    const note = await createNote(server.url, token, 'hello');
    expect(await live.next()).toEqual({ event: 'update', payload: note });
    const updated = await updateNote(server.url, token, { ...note, body: 'hello again' });
    expect(await live.next()).toEqual({ event: 'update', payload: updated });
    await call(server.url, 'DELETE', `/api/notes/${note.id}`, { token });
    expect(await live.next()).toEqual({ event: 'delete', payload: note.id });
  });

  it('delivers to every socket of the user, including the one whose tab made the change', async () => {
    server = await startTestServer();
    const token = await signUp(server.url);
    const [first, second] = [await connect(token), await connect(token)];
    const note = await createNote(server.url, token, 'both');
    for (const live of [first, second]) {
      expect(await live.next()).toEqual({ event: 'update', payload: note });
    }
  });

  it("never sends one user's changes to another user's socket", async () => {
    server = await startTestServer();
    const alice = await signUp(server.url);
    const bob = await signUp(server.url);
    const aliceLive = await connect(alice);
    const bobLive = await connect(bob);
    const note = await createNote(server.url, alice, 'private');
    await updateNote(server.url, alice, { ...note, body: 'still private' });
    await call(server.url, 'DELETE', `/api/notes/${note.id}`, { token: alice });
    await aliceLive.next((m) => m.event === 'delete');
    // Bob's own change is dealt out after Alice's: any of hers would reach his socket first.
    const own = await createNote(server.url, bob, 'his own');
    expect(await expectOnlyNext(bobLive, updateOf(own.id))).toEqual({
      event: 'update',
      payload: own,
    });
  });

  it('closes with 4401 for a wrong token', async () => {
    server = await startTestServer();
    const client = unauthenticated();
    await client.opened();
    client.send({ event: 'auth', payload: 'not-a-token' });
    expect(await client.closed()).toBe(CLOSE_UNAUTHORIZED);
  });

  it('sends nothing to a socket that has not authenticated, and ignores malformed messages', async () => {
    server = await startTestServer();
    const token = await signUp(server.url);
    const stranger = unauthenticated();
    await stranger.opened();
    for (const junk of [
      '',
      'not json',
      '[]',
      'null',
      '{"event":"auth"}',
      '{"event":"auth","payload":5}',
    ]) {
      stranger.send(junk);
    }
    stranger.socket.send(Buffer.from([0, 1, 2]), { binary: true });
    const owner = await connect(token);
    const note = await createNote(server.url, token, 'for my eyes only');
    // Once the owner has it, the note has been dealt out to every socket it was going to.
    await owner.next(updateOf(note.id));

    // The same socket can still authenticate after the junk. Its `ready` is sent after the
    // junk was read and the note dealt out: an answer to either, or the note, would come first.
    stranger.send({ event: 'auth', payload: token });
    expect(await expectOnlyNext(stranger, (m) => m.event === 'ready')).toEqual({
      event: 'ready',
      payload: null,
    });
    expect(stranger.closeCode).toBeUndefined();
  });

  it('ignores messages after authentication without harm', async () => {
    server = await startTestServer();
    const token = await signUp(server.url);
    const live = await connect(token);
    live.send('{"event":"update","payload":{"id":"x","body":"forged"}}');
    live.send({ event: 'auth', payload: 'other' });
    live.send('garbage');
    const note = await createNote(server.url, token);
    expect(await live.next()).toEqual({ event: 'update', payload: note });
    expect(live.closeCode).toBeUndefined();
  });

  it('closes a socket that does not authenticate in time', async () => {
    server = await startTestServer({ app: { authTimeoutMs: 200 } });
    const client = unauthenticated();
    await client.opened();
    expect(await client.closed()).toBe(4408);
  });

  it('closes the sockets of a session when it logs out', async () => {
    server = await startTestServer();
    const token = await signUp(server.url);
    const live = await connect(token);
    await call(server.url, 'POST', '/api/logout', { token });
    expect(await live.closed()).toBe(CLOSE_UNAUTHORIZED);
  });

  it('closes the sockets of sessions ended outside this server, and only those', async () => {
    const database = await createTestDatabase();
    try {
      server = await startTestServer({ database, app: { sessionCheckMs: 100 } });
      const email = uniqueEmail();
      const revoked = await connect(await signUp(server.url, email));
      const otherToken = await signUp(server.url);
      const other = await connect(otherToken);

      // `quire user passwd` runs as a process of its own: this server sees only the database.
      const passwd = await runCli(
        ['user', 'passwd', email],
        { DATABASE_URL: database.url },
        'a new password',
      );
      expect(passwd.code).toBe(0);
      expect(await revoked.closed()).toBe(CLOSE_UNAUTHORIZED);

      const note = await createNote(server.url, otherToken, 'still here');
      expect(await other.next()).toEqual({ event: 'update', payload: note });
      expect(other.closeCode).toBeUndefined();
    } finally {
      await server.close();
      await database.drop();
    }
  });

  it('drops a peer that stops answering pings', async () => {
    server = await startTestServer({ app: { heartbeatMs: 100 } });
    // A raw TCP peer completes the upgrade and then never answers anything.
    const port = new URL(server.url).port;
    const socket = net.connect(Number(port), '127.0.0.1');
    socket.write(
      'GET /socket HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n' +
        'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n',
    );
    let received = '';
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
    });
    await new Promise<void>((resolve) => socket.on('close', () => resolve()));
    expect(received).toMatch(/^HTTP\/1\.1 101/);
  });

  it('carries bodies of any size and character exactly', async () => {
    server = await startTestServer();
    const token = await signUp(server.url);
    const live = await connect(token);
    const body = `😀 مرحبا \u0000 ${'x'.repeat(1024 * 1024)}`;
    const note = await createNote(server.url, token, body);
    const message = await live.next();
    expect((message.payload as Note).body).toBe(body);
    expect(message.payload).toEqual(note);
  });
});
