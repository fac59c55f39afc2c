import { afterEach, describe, expect, it } from 'vitest';
import { CLOSE_UNAUTHORIZED } from '../src/shared/live-message.js';
import { call, createNote, signUp, uniqueEmail, updateNote } from './helpers/api-client.js';
import { LiveTestClient } from './helpers/live-client.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';
import { enableTwoFactor, totpCode } from './helpers/two-factor.js';

let server: TestServer;
const clients: LiveTestClient[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) client.close();
  await server?.close();
});

const NO_SWEEP = { app: { sessionCheckMs: 3_600_000 } };

async function connect(token: string): Promise<LiveTestClient> {
  const client = await LiveTestClient.connect(server.socketUrl, token);
  clients.push(client);
  return client;
}

const logIn = (username: string, password = 'correct horse') =>
  call(server.url, 'POST', '/api/login', { body: { username, password } });

describe('changing the password', () => {
  it('ends the other sessions and keeps this one', async () => {
    server = await startTestServer(NO_SWEEP);
    const email = uniqueEmail();
    const mine = await signUp(server.url, email);
    const other = (await logIn(email)).text;
    const otherLive = await connect(other);
    const mineLive = await connect(mine);

    const changed = await call(server.url, 'POST', '/api/account/password', {
      token: mine,
      body: { currentPassword: 'correct horse', newPassword: 'battery staple' },
    });
    expect(changed.status).toBe(204);
    expect(await otherLive.closed(2_000)).toBe(CLOSE_UNAUTHORIZED);
    expect((await call(server.url, 'GET', '/api/check', { token: other })).status).toBe(401);
    expect((await call(server.url, 'GET', '/api/check', { token: mine })).status).toBe(200);
    expect(mineLive.closeCode).toBeUndefined();
    expect((await logIn(email)).status).toBe(401);
    expect((await logIn(email, 'battery staple')).status).toBe(200);
  });

  it('refuses a wrong current password or a short new one, changing nothing', async () => {
    server = await startTestServer(NO_SWEEP);
    const email = uniqueEmail();
    const token = await signUp(server.url, email);
    const wrong = await call(server.url, 'POST', '/api/account/password', {
      token,
      body: { currentPassword: 'guess guess', newPassword: 'battery staple' },
    });
    expect(wrong.status).toBe(403);
    expect(wrong.json.code).toBe('wrong_password');
    const short = await call(server.url, 'POST', '/api/account/password', {
      token,
      body: { currentPassword: 'correct horse', newPassword: 'short' },
    });
    expect(short.status).toBe(400);
    expect(short.json.code).toBe('invalid_input');
    expect((await logIn(email)).status).toBe(200);
    expect((await call(server.url, 'GET', '/api/check', { token })).status).toBe(200);
  });
});

describe('deleting the account', () => {
  it('removes notes, history, sessions and second factor, and closes every socket', async () => {
    server = await startTestServer(NO_SWEEP);
    const email = uniqueEmail();
    const token = await signUp(server.url, email);
    const { secret } = await enableTwoFactor(server.url, token);
    const note = await createNote(server.url, token, 'first');
    await updateNote(server.url, token, { ...note, body: 'second' });
    const live = await connect(token);
    const bystander = await signUp(server.url);
    await createNote(server.url, bystander, 'not theirs to delete');

    const wrong = await call(server.url, 'DELETE', '/api/account', {
      token,
      body: { password: 'wrong horse' },
    });
    expect(wrong.status).toBe(403);
    expect((await call(server.url, 'GET', '/api/check', { token })).status).toBe(200);

    const deleted = await call(server.url, 'DELETE', '/api/account', {
      token,
      body: { password: 'correct horse', totp: totpCode(secret, 1) },
    });
    expect(deleted.status).toBe(204);
    expect(await live.closed(2_000)).toBe(CLOSE_UNAUTHORIZED);
    expect((await call(server.url, 'GET', '/api/check', { token })).status).toBe(401);
    expect((await logIn(email)).status).toBe(401);

    const { db } = server.database;
    const users = await db.selectFrom('users').select('email').execute();
    expect(users.map((user) => user.email)).not.toContain(email);
    expect(await db.selectFrom('notes').select('body').execute()).toEqual([
      { body: 'not theirs to delete' },
    ]);
    for (const table of ['note_versions', 'recovery_codes'] as const) {
      expect(await db.selectFrom(table).selectAll().execute()).toEqual([]);
    }
    expect(await db.selectFrom('sessions').selectAll().execute()).toHaveLength(1);
  });
});
