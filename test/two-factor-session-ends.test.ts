import { afterEach, expect, it } from 'vitest';
import { CLOSE_UNAUTHORIZED } from '../src/shared/live-message.js';
import { call, signUp, uniqueEmail } from './helpers/api-client.js';
import { LiveTestClient } from './helpers/live-client.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';
import { enableTwoFactor, totpCode } from './helpers/two-factor.js';

let server: TestServer | undefined;
const sockets: LiveTestClient[] = [];
afterEach(async () => {
  for (const live of sockets.splice(0)) live.socket.terminate();
  await server?.close();
  server = undefined;
});

async function secondSession(email: string, totp?: string) {
  const login = await call((server as TestServer).url, 'POST', '/api/login', {
    body: { username: email, password: 'correct horse', ...(totp ? { totp } : {}) },
  });
  expect(login.status).toBe(200);
  const live = await LiveTestClient.connect((server as TestServer).socketUrl, login.text);
  sockets.push(live);
  return { token: login.text, live };
}

const checks = async (token: string) =>
  (await call((server as TestServer).url, 'GET', '/api/check', { token })).status;

it('ends every other session when two-factor sign-in is turned on, and again when off', async () => {
  server = await startTestServer();
  const email = uniqueEmail();
  const token = await signUp(server.url, email);
  const before = await secondSession(email);

  const { secret } = await enableTwoFactor(server.url, token);
  expect(await before.live.closed()).toBe(CLOSE_UNAUTHORIZED);
  expect(await checks(before.token)).toBe(401);
  expect(await checks(token)).toBe(200);

  const during = await secondSession(email, totpCode(secret, 1));
  const off = await call(server.url, 'DELETE', '/api/account/totp', {
    token,
    body: { password: 'correct horse' },
  });
  expect(off.status).toBe(204);
  expect(await during.live.closed()).toBe(CLOSE_UNAUTHORIZED);
  expect(await checks(during.token)).toBe(401);
  expect(await checks(token)).toBe(200);
});
