import { afterEach, describe, expect, it } from 'vitest';
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

const PASSWORD = 'correct horse';

async function secondSession(email: string, totp?: string) {
  const login = await call((server as TestServer).url, 'POST', '/api/login', {
    body: { username: email, password: PASSWORD, ...(totp ? { totp } : {}) },
  });
  expect(login.status).toBe(200);
  const live = await LiveTestClient.connect((server as TestServer).socketUrl, login.text);
  sockets.push(live);
  return { token: login.text, live };
}

const checks = async (token: string) =>
  (await call((server as TestServer).url, 'GET', '/api/check', { token })).status;

const loginStatus = async (email: string, password: string) =>
  (
    await call((server as TestServer).url, 'POST', '/api/login', {
      body: { username: email, password },
    })
  ).json?.code;

describe('two-factor sign-in and account changes', () => {
  it('ends every other session when it is turned on, and again when off', async () => {
    server = await startTestServer();
    const email = uniqueEmail();
    const token = await signUp(server.url, email);
    const before = await secondSession(email);

    const { secret, recoveryCodes } = await enableTwoFactor(server.url, token);
    expect(await before.live.closed()).toBe(CLOSE_UNAUTHORIZED);
    expect(await checks(before.token)).toBe(401);
    expect(await checks(token)).toBe(200);

    const during = await secondSession(email, totpCode(secret, 1));
    // That login took the newest code the server accepts; a recovery code turns it off.
    const off = await call(server.url, 'DELETE', '/api/account/totp', {
      token,
      body: { password: PASSWORD, totp: recoveryCodes[0] as string },
    });
    expect(off.status).toBe(204);
    expect(await during.live.closed()).toBe(CLOSE_UNAUTHORIZED);
    expect(await checks(during.token)).toBe(401);
    expect(await checks(token)).toBe(200);
  });

  it('is not turned off by the password alone, nor with a wrong code', async () => {
    server = await startTestServer();
    const email = uniqueEmail();
    const token = await signUp(server.url, email);
    const { secret } = await enableTwoFactor(server.url, token);
    const off = (totp?: string) =>
      call((server as TestServer).url, 'DELETE', '/api/account/totp', {
        token,
        body: { password: PASSWORD, ...(totp === undefined ? {} : { totp }) },
      });

    const alone = await off();
    expect([alone.status, alone.json.code]).toEqual([401, 'totp_required']);
    const wrong = await off(totpCode(secret, 1) === '000000' ? '111111' : '000000');
    expect([wrong.status, wrong.json.code]).toEqual([401, 'invalid_totp']);
    expect((await call(server.url, 'GET', '/api/account', { token })).json.totpEnabled).toBe(true);
    expect(await loginStatus(email, PASSWORD)).toBe('totp_required');
    // A used-up code is no better than a wrong one.
    expect((await off(totpCode(secret))).json.code).toBe('invalid_totp');
    expect((await off(totpCode(secret, 1))).status).toBe(204);
  });

  it('changes the password only with a current code while it is on', async () => {
    server = await startTestServer();
    const email = uniqueEmail();
    const token = await signUp(server.url, email);
    const { secret, recoveryCodes } = await enableTwoFactor(server.url, token);
    const change = (extra: Record<string, string>) =>
      call((server as TestServer).url, 'POST', '/api/account/password', {
        token,
        body: { currentPassword: PASSWORD, newPassword: 'a brand new horse', ...extra },
      });

    expect((await change({})).json.code).toBe('totp_required');
    expect((await change({ totp: '12345' })).json.code).toBe('invalid_totp');
    expect(await loginStatus(email, 'a brand new horse')).toBe('unauthorized');
    expect((await change({ totp: totpCode(secret, 1) })).status).toBe(204);
    expect(await loginStatus(email, 'a brand new horse')).toBe('totp_required');

    // A recovery code does too, for someone who lost the phone.
    const again = await call(server.url, 'POST', '/api/account/password', {
      token,
      body: {
        currentPassword: 'a brand new horse',
        newPassword: PASSWORD,
        totp: recoveryCodes[0] as string,
      },
    });
    expect(again.status).toBe(204);
  });

  it('deletes the account only with a current code while it is on', async () => {
    server = await startTestServer();
    const email = uniqueEmail();
    const token = await signUp(server.url, email);
    const { secret } = await enableTwoFactor(server.url, token);
    const remove = (extra: Record<string, string>) =>
      call((server as TestServer).url, 'DELETE', '/api/account', {
        token,
        body: { password: PASSWORD, ...extra },
      });

    const alone = await remove({});
    expect([alone.status, alone.json.code]).toEqual([401, 'totp_required']);
    const wrong = await remove({ totp: totpCode(secret, 1) === '000000' ? '111111' : '000000' });
    expect([wrong.status, wrong.json.code]).toEqual([401, 'invalid_totp']);
    expect(await checks(token)).toBe(200);
    expect(await loginStatus(email, PASSWORD)).toBe('totp_required');

    expect((await remove({ totp: totpCode(secret, 1) })).status).toBe(204);
    expect(await checks(token)).toBe(401);
    expect(await loginStatus(email, PASSWORD)).toBe('unauthorized');
  });
});
