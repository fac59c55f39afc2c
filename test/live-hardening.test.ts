import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { CLOSE_UNAUTHORIZED } from '../src/shared/live-message.js';
import { call, createNote, signUp, uniqueEmail, updateNote } from './helpers/api-client.js';
import { LiveTestClient } from './helpers/live-client.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
const clients: LiveTestClient[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) client.socket.terminate();
  await server?.close();
});

const NO_SWEEP = 3_600_000;

function track(client: LiveTestClient): LiveTestClient {
  clients.push(client);
  return client;
}

/** Opens a socket and reports how the upgrade went: open, or the HTTP answer instead. */
function tryOpen(
  headers: Record<string, string> = {},
): Promise<{ socket?: WebSocket; status?: number; body?: unknown }> {
  return new Promise((resolve) => {
    const socket = new WebSocket(server.socketUrl, { headers });
    socket.once('open', () => resolve({ socket }));
    socket.once('unexpected-response', (_request, response) => {
      let text = '';
      response.on('data', (chunk) => {
        text += chunk;
      });
      response.on('end', () => resolve({ status: response.statusCode, body: JSON.parse(text) }));
    });
    socket.once('error', () => {});
  });
}

describe('live socket hardening', () => {
  it('never leaves a socket subscribed whose session is logged out while it authenticates', async () => {
    server = await startTestServer({ app: { sessionCheckMs: NO_SWEEP } });
    const email = uniqueEmail();
    await signUp(server.url, email);
    const tokens = await Promise.all(
      Array.from({ length: 40 }, async () => {
        const login = await call(server.url, 'POST', '/api/login', {
          body: { username: email, password: 'correct horse' },
        });
        return login.text;
      }),
    );
    // A last-seen due for refresh puts one more write between reading the session and
    // registering the socket, which is where a logout could slip in.
    const stale = Math.floor(Date.now() / 1000) - 3_600;
    await server.database.db.updateTable('sessions').set({ time_last_seen: stale }).execute();
    const sockets = tokens.map(() => track(new LiveTestClient(server.socketUrl)));
    await Promise.all(sockets.map((live) => live.opened()));
    // Each logout races its socket's authentication; whichever wins, the socket must end.
    await Promise.all(
      tokens.map((token, index) => {
        sockets[index]?.send({ event: 'auth', payload: token });
        return call(server.url, 'POST', '/api/logout', { token });
      }),
    );
    const codes = await Promise.all(sockets.map((live) => live.closed(3_000).catch(() => 'open')));
    expect(codes).toEqual(tokens.map(() => CLOSE_UNAUTHORIZED));
  });

  it('drops a socket that stops reading once too much waits for it', async () => {
    server = await startTestServer({ app: { socketBufferLimit: 256 * 1024 } });
    const token = await signUp(server.url);
    const slow = track(await LiveTestClient.connect(server.socketUrl, token));
    const brisk = track(await LiveTestClient.connect(server.socketUrl, token));
    slow.socket.pause(); // reads nothing more, as a stalled peer

    let note = await createNote(server.url, token, '');
    const updates = 24;
    for (let index = 0; index < updates; index += 1) {
      const body = `${index} ${'x'.repeat(1024 * 1024)}`;
      note = await updateNote(server.url, token, { ...note, body });
      await brisk.next((message) => message.event === 'update' && message.payload.body === body);
    }
    slow.socket.resume();
    expect(await slow.closed(10_000)).toBe(1006); // dropped, not closed politely
    const received = slow.messages.filter((message) => message.event === 'update').length;
    expect(received).toBeLessThan(updates + 1);
    expect(brisk.closeCode).toBeUndefined();
  });

  it('caps sockets that have not authenticated, per address and in all', async () => {
    server = await startTestServer({
      config: { trustProxy: '127.0.0.1' },
      app: { socketAdmission: { perAddress: 3, total: 5 }, sessionCheckMs: NO_SWEEP },
    });
    const token = await signUp(server.url);
    const from = (address: string) => tryOpen({ 'x-forwarded-for': address });
    const opened: WebSocket[] = [];
    for (let index = 0; index < 3; index += 1) {
      const { socket } = await from('203.0.113.1');
      if (socket) opened.push(socket);
    }
    expect(opened).toHaveLength(3);
    const refused = await from('203.0.113.1');
    expect(refused.status).toBe(429);
    expect(refused.body).toMatchObject({ code: 'rate_limited' });

    // Two more from another address fill the server; a third address finds no room.
    for (let index = 0; index < 2; index += 1) {
      const { socket } = await from('203.0.113.2');
      if (socket) opened.push(socket);
    }
    expect(opened).toHaveLength(5);
    expect((await from('203.0.113.3')).status).toBe(429);

    // A socket that authenticates gives its place back; so does one that closes.
    const first = opened[0] as WebSocket;
    const ready = new Promise((resolve) => first.once('message', resolve));
    first.send(JSON.stringify({ event: 'auth', payload: token }));
    await ready;
    const afterAuth = await from('203.0.113.3');
    expect(afterAuth.socket).toBeDefined();
    const closedOne = opened[1] as WebSocket;
    await new Promise((resolve) => {
      closedOne.once('close', resolve);
      closedOne.close();
    });
    const afterClose = await from('203.0.113.1');
    expect(afterClose.socket).toBeDefined();
    for (const socket of [...opened, afterAuth.socket, afterClose.socket]) socket?.terminate();
  });

  it('answers a plain request to the socket path with 426 and a JSON error', async () => {
    server = await startTestServer();
    const response = await call(server.url, 'GET', '/socket');
    expect(response.status).toBe(426);
    expect(response.json).toMatchObject({ code: 'upgrade_required' });
  });
});
