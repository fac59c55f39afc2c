import { afterEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { CLOSE_TOO_MANY_SOCKETS } from '../src/shared/live-message.js';
import { call, signUp, uniqueEmail } from './helpers/api-client.js';
import { LiveTestClient } from './helpers/live-client.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

let server: TestServer | undefined;
const sockets: WebSocket[] = [];
afterEach(async () => {
  for (const socket of sockets.splice(0)) socket.terminate();
  await server?.close();
  server = undefined;
});

async function connect(token: string): Promise<LiveTestClient> {
  const live = new LiveTestClient((server as TestServer).socketUrl);
  sockets.push(live.socket);
  await live.opened();
  live.send({ event: 'auth', payload: token });
  return live;
}

/** Opens a socket from `address` (through a trusted proxy): open, or the HTTP status instead. */
function openFrom(address: string): Promise<{ socket?: WebSocket; status?: number }> {
  return new Promise((resolve) => {
    const socket = new WebSocket((server as TestServer).socketUrl, {
      headers: { 'x-forwarded-for': address },
    });
    sockets.push(socket);
    socket.once('open', () => resolve({ socket }));
    socket.once('unexpected-response', (_request, response) => {
      response.resume();
      resolve({ status: response.statusCode });
    });
    socket.once('error', () => {});
  });
}

describe('live socket caps', () => {
  it("refuses an account's socket past LIVE_SOCKETS_PER_USER with 4429", async () => {
    server = await startTestServer({ config: { liveSocketsPerUser: 3 } });
    const email = uniqueEmail();
    const token = await signUp(server.url, email);
    const login = await call(server.url, 'POST', '/api/login', {
      body: { username: email, password: 'correct horse' },
    });
    // Three sockets over two sessions of one account fill its places.
    const open = [await connect(token), await connect(token), await connect(login.text)];
    for (const live of open) await live.next((message) => message.event === 'ready');

    const fourth = await connect(login.text);
    expect(await fourth.closed()).toBe(CLOSE_TOO_MANY_SOCKETS);
    expect(fourth.messages).toEqual([]);

    // Another account is not held back by this one.
    const other = await connect(await signUp(server.url));
    await other.next((message) => message.event === 'ready');

    // A closed socket gives its place back.
    open[0]?.close();
    await open[0]?.closed();
    const again = await connect(token);
    await again.next((message) => message.event === 'ready');
  });

  it('counts unauthenticated sockets from one IPv6 /64 together', async () => {
    server = await startTestServer({
      config: { trustProxy: '127.0.0.1' },
      app: { socketAdmission: { perAddress: 2, total: 100 } },
    });
    expect((await openFrom('2001:db8:1:2::1')).socket).toBeDefined();
    expect((await openFrom('2001:db8:1:2:aaaa::9')).socket).toBeDefined();
    expect((await openFrom('2001:db8:1:2:ffff:ffff:ffff:ffff')).status).toBe(429);
    // The next /64 is someone else.
    expect((await openFrom('2001:db8:1:3::1')).socket).toBeDefined();
  });
});
