import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { API_TOKEN_PREFIX } from '../src/shared/api-tokens.js';
import { CLOSE_FORBIDDEN, CLOSE_UNAUTHORIZED } from '../src/shared/live-message.js';
import { call, createNote, signUp } from './helpers/api-client.js';
import { bearer, createApiToken, TEST_PASSWORD } from './helpers/api-tokens.js';
import { upload } from './helpers/attachment-client.js';
import { LiveTestClient } from './helpers/live-client.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

// The server keeps its session cache as in production: a revoked token must be refused at once
// because the revocation said so, not because a cache entry grew old.
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ app: { sessionCheckMs: 3_600_000 } });
});
afterAll(async () => server.close());

const sockets: LiveTestClient[] = [];
afterEach(() => {
  for (const socket of sockets.splice(0)) socket.close();
});
async function connect(token: string): Promise<LiveTestClient> {
  const socket = await LiveTestClient.connect(server.socketUrl, token);
  sockets.push(socket);
  return socket;
}

const now = () => Math.floor(Date.now() / 1000);
const DAY = 24 * 60 * 60;
const ALL = ['notes:read', 'notes:write', 'import-export', 'attachments'] as const;

describe('making and listing API tokens', () => {
  it('shows the token once, and lists it by name, scopes, expiry and last use only', async () => {
    const session = await signUp(server.url);
    const expires = now() + 30 * DAY;
    const created = await createApiToken(server.url, session, ['notes:read'], {
      name: 'Backup script',
      timeExpires: expires,
    });
    expect(created.token.startsWith(API_TOKEN_PREFIX)).toBe(true);
    expect(created.token.length).toBeGreaterThanOrEqual(API_TOKEN_PREFIX.length + 43);
    expect(created).toMatchObject({
      name: 'Backup script',
      scopes: ['notes:read'],
      timeExpires: expires,
      timeLastUsed: null,
    });

    const listed = await call(server.url, 'GET', '/api/tokens', { token: session });
    expect(listed.status).toBe(200);
    expect(listed.json.results).toEqual([
      {
        id: created.id,
        name: 'Backup script',
        scopes: ['notes:read'],
        timeCreated: created.timeCreated,
        timeExpires: expires,
        timeLastUsed: null,
      },
    ]);
    expect(listed.text).not.toContain(created.token.slice(API_TOKEN_PREFIX.length));

    // Only the hash is stored.
    const row = await server.database.db
      .selectFrom('api_tokens')
      .selectAll()
      .where('id', '=', created.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain(created.token.slice(API_TOKEN_PREFIX.length));
  });

  it('needs the password, a name, a known scope and an expiry in the future', async () => {
    const session = await signUp(server.url);
    const make = (body: Record<string, unknown>) =>
      call(server.url, 'POST', '/api/tokens', {
        token: session,
        body: {
          name: 'x',
          scopes: ['notes:read'],
          timeExpires: null,
          password: TEST_PASSWORD,
          ...body,
        },
      });
    expect((await make({ password: 'wrong password' })).json.code).toBe('wrong_password');
    for (const body of [
      { name: '' },
      { name: '   ' },
      { scopes: [] },
      { scopes: ['admin'] },
      { scopes: ['notes:read', 'notes:read'] },
      { timeExpires: now() - 1 },
      { timeExpires: '2030-01-01' },
    ]) {
      const answer = await make(body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.json.code).toBe('invalid_input');
    }
    const listed = await call(server.url, 'GET', '/api/tokens', { token: session });
    expect(listed.json.results).toEqual([]);
  });
});

describe('what a token may do', () => {
  it('is sent as Authorization: Bearer or in the token header', async () => {
    const session = await signUp(server.url);
    await createNote(server.url, session, 'hello');
    const { token } = await createApiToken(server.url, session, ['notes:read']);
    for (const answer of [
      await call(server.url, 'GET', '/api/notes', bearer(token)),
      await call(server.url, 'GET', '/api/notes', { token }),
    ]) {
      expect(answer.status).toBe(200);
      expect(answer.json.results.map((note: { body: string }) => note.body)).toEqual(['hello']);
    }
    expect((await call(server.url, 'GET', '/api/check', bearer(token))).status).toBe(200);
    expect((await call(server.url, 'GET', '/api/notes', bearer(`${token}x`))).status).toBe(401);
    expect(
      (await call(server.url, 'GET', '/api/notes', { headers: { authorization: token } })).status,
    ).toBe(401);
  });

  it('a read-only token reads notes and is refused every write with scope_denied', async () => {
    const session = await signUp(server.url);
    const note = await createNote(server.url, session, 'kept');
    const { token } = await createApiToken(server.url, session, ['notes:read']);
    expect(
      (await call(server.url, 'GET', `/api/notes/${note.id}/versions`, bearer(token))).status,
    ).toBe(200);
    expect((await call(server.url, 'GET', '/api/search?q=kept', bearer(token))).status).toBe(200);

    const writes = [
      call(server.url, 'POST', '/api/notes', { ...bearer(token), body: { body: 'new' } }),
      call(server.url, 'PUT', '/api/notes', { ...bearer(token), body: { ...note, body: 'gone' } }),
      call(server.url, 'DELETE', `/api/notes/${note.id}`, bearer(token)),
      call(server.url, 'DELETE', '/api/trash', bearer(token)),
    ];
    for (const answer of await Promise.all(writes)) {
      expect(answer.status).toBe(403);
      expect(answer.json).toEqual({
        code: 'scope_denied',
        error: expect.stringContaining('notes:write'),
      });
    }
    const exported = await call(server.url, 'GET', '/api/export', bearer(token));
    expect(exported.status).toBe(403);
    expect(exported.json.error).toContain('import-export');
    const uploaded = await upload(server.url, undefined, 'bytes', 'a.txt', bearer(token).headers);
    expect(uploaded.status).toBe(403);
    expect((uploaded.json as { error: string }).error).toContain('attachments');

    const notes = await call(server.url, 'GET', '/api/notes', { token: session });
    expect(notes.json.results).toEqual([note]); // nothing changed
  });

  it('a write-only token writes but does not read', async () => {
    const session = await signUp(server.url);
    const { token } = await createApiToken(server.url, session, ['notes:write']);
    const created = await call(server.url, 'POST', '/api/notes', {
      ...bearer(token),
      body: { body: 'from a script' },
    });
    expect(created.status).toBe(201);
    const listed = await call(server.url, 'GET', '/api/notes', bearer(token));
    expect(listed.status).toBe(403);
    expect(listed.json.error).toContain('notes:read');
  });

  it('can never manage the account, whatever its scopes', async () => {
    const session = await signUp(server.url);
    const { token, id } = await createApiToken(server.url, session, [...ALL]);
    const password = { password: TEST_PASSWORD };
    const attempts: [string, string, unknown?][] = [
      ['GET', '/api/account'],
      [
        'POST',
        '/api/account/password',
        { currentPassword: TEST_PASSWORD, newPassword: 'a new one!' },
      ],
      ['POST', '/api/account/totp', password],
      ['DELETE', '/api/account/totp', password],
      ['DELETE', '/api/account', password],
      ['GET', '/api/sessions'],
      ['DELETE', '/api/sessions'],
      ['GET', '/api/tokens'],
      [
        'POST',
        '/api/tokens',
        { name: 'more', scopes: ['notes:read'], timeExpires: null, ...password },
      ],
      ['DELETE', `/api/tokens/${id}`],
      ['POST', '/api/logout'],
      ['POST', '/api/attachments/access'],
    ];
    for (const [method, path, body] of attempts) {
      const answer = await call(server.url, method, path, { ...bearer(token), body });
      expect(answer.status, `${method} ${path}`).toBe(403);
      expect(answer.json.code).toBe('session_required');
    }
    // Nothing happened: the account, its password, its sessions and the token are all still there.
    expect((await call(server.url, 'GET', '/api/account', { token: session })).status).toBe(200);
    expect((await call(server.url, 'GET', '/api/notes', bearer(token))).status).toBe(200);
    const tokens = await call(server.url, 'GET', '/api/tokens', { token: session });
    expect(tokens.json.results).toHaveLength(1);
  });

  it('keeps to its own account', async () => {
    const alice = await signUp(server.url);
    const bob = await signUp(server.url);
    const aliceNote = await createNote(server.url, alice, 'alice only');
    await createNote(server.url, bob, 'bob only');
    const aliceToken = await createApiToken(server.url, alice, [...ALL]);
    const bobToken = await createApiToken(server.url, bob, [...ALL]);

    const seen = await call(server.url, 'GET', '/api/notes', bearer(bobToken.token));
    expect(seen.json.results.map((note: { body: string }) => note.body)).toEqual(['bob only']);
    const put = await call(server.url, 'PUT', '/api/notes', {
      ...bearer(bobToken.token),
      body: { ...aliceNote, body: 'taken' },
    });
    expect(put.status).toBe(404);
    // Bob's session neither sees nor revokes Alice's token.
    const listed = await call(server.url, 'GET', '/api/tokens', { token: bob });
    expect(listed.json.results.map((token: { id: string }) => token.id)).toEqual([bobToken.id]);
    const revoke = await call(server.url, 'DELETE', `/api/tokens/${aliceToken.id}`, { token: bob });
    expect(revoke.status).toBe(404);
    expect((await call(server.url, 'GET', '/api/notes', bearer(aliceToken.token))).status).toBe(
      200,
    );
  });
});

describe('the live socket', () => {
  it('takes a token with notes:read, and refuses one without it with 4403', async () => {
    const session = await signUp(server.url);
    const reader = await createApiToken(server.url, session, ['notes:read']);
    const live = await connect(reader.token);
    await createNote(server.url, session, 'pushed');
    const update = await live.next((message) => message.event === 'update');
    expect((update.payload as { body: string }).body).toBe('pushed');

    const writer = await createApiToken(server.url, session, ['notes:write']);
    const refused = new LiveTestClient(server.socketUrl);
    sockets.push(refused);
    await refused.opened();
    refused.send({ event: 'auth', payload: writer.token });
    expect(await refused.closed()).toBe(CLOSE_FORBIDDEN);
  });
});

describe('ending a token', () => {
  it('revoked: refused at once, and its live socket closes with 4401', async () => {
    const session = await signUp(server.url);
    const created = await createApiToken(server.url, session, ['notes:read']);
    const kept = await createApiToken(server.url, session, ['notes:read']);
    expect((await call(server.url, 'GET', '/api/notes', bearer(created.token))).status).toBe(200);
    const live = await connect(created.token);
    const other = await connect(kept.token);

    const revoked = await call(server.url, 'DELETE', `/api/tokens/${created.id}`, {
      token: session,
    });
    expect(revoked.status).toBe(204);
    const refused = await call(server.url, 'GET', '/api/notes', bearer(created.token));
    expect(refused.status).toBe(401);
    expect(refused.json.code).toBe('unauthorized');
    expect(await live.closed()).toBe(CLOSE_UNAUTHORIZED);
    expect(other.closeCode).toBeUndefined();
    expect((await call(server.url, 'GET', '/api/notes', bearer(kept.token))).status).toBe(200);
    const again = await call(server.url, 'DELETE', `/api/tokens/${created.id}`, { token: session });
    expect(again.status).toBe(404);
  });

  it('outlives the owner signing out elsewhere and changing the password', async () => {
    const session = await signUp(server.url);
    const { token } = await createApiToken(server.url, session, ['notes:read']);
    const live = await connect(token);
    const others = await call(server.url, 'DELETE', '/api/sessions', { token: session });
    expect(others.status).toBe(204);
    const changed = await call(server.url, 'POST', '/api/account/password', {
      token: session,
      body: { currentPassword: TEST_PASSWORD, newPassword: 'another horse' },
    });
    expect(changed.status).toBe(204);
    // Still in: the socket hears the next change, and calls are answered.
    await createNote(server.url, session, 'after the new password');
    const update = await live.next((message) => message.event === 'update');
    expect((update.payload as { body: string }).body).toBe('after the new password');
    expect(live.closeCode).toBeUndefined();
    expect((await call(server.url, 'GET', '/api/notes', bearer(token))).status).toBe(200);
  });

  it('goes with its account', async () => {
    const session = await signUp(server.url);
    const { token } = await createApiToken(server.url, session, ['notes:read']);
    const live = await connect(token);
    const deleted = await call(server.url, 'DELETE', '/api/account', {
      token: session,
      body: { password: TEST_PASSWORD },
    });
    expect(deleted.status).toBe(204);
    expect((await call(server.url, 'GET', '/api/notes', bearer(token))).status).toBe(401);
    expect(await live.closed()).toBe(CLOSE_UNAUTHORIZED);
  });
});

describe('expiry and last use, over the database as it stands', () => {
  // Here the cache is off: the tests move a token in time by changing its row.
  let uncached: TestServer;
  beforeAll(async () => {
    uncached = await startTestServer({ app: { sessionCacheMs: 0 } });
  });
  afterAll(async () => uncached.close());
  const tokenRow = (id: string) =>
    uncached.database.db
      .selectFrom('api_tokens')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
  const setRow = (id: string, values: { time_expires?: number; time_last_used?: number }) =>
    uncached.database.db.updateTable('api_tokens').set(values).where('id', '=', id).execute();

  it('an expired token is refused, and stays listed with its expiry', async () => {
    const session = await signUp(uncached.url);
    const created = await createApiToken(uncached.url, session, ['notes:read'], {
      timeExpires: now() + DAY,
    });
    expect((await call(uncached.url, 'GET', '/api/notes', bearer(created.token))).status).toBe(200);
    const expired = now() - 1;
    await setRow(created.id, { time_expires: expired });
    expect((await call(uncached.url, 'GET', '/api/notes', bearer(created.token))).status).toBe(401);
    const listed = await call(uncached.url, 'GET', '/api/tokens', { token: session });
    expect(listed.json.results[0]).toMatchObject({ id: created.id, timeExpires: expired });
  });

  it('records the last use at most once a minute', async () => {
    const session = await signUp(uncached.url);
    const created = await createApiToken(uncached.url, session, ['notes:read']);
    await call(uncached.url, 'GET', '/api/notes', bearer(created.token));
    const first = Number((await tokenRow(created.id)).time_last_used);
    expect(Math.abs(first - now())).toBeLessThan(60);

    // Used again within the minute: not written again.
    const recent = now() - 30;
    await setRow(created.id, { time_last_used: recent });
    await call(uncached.url, 'GET', '/api/notes', bearer(created.token));
    expect(Number((await tokenRow(created.id)).time_last_used)).toBe(recent);

    // Used after more than a minute: written, and listed.
    await setRow(created.id, { time_last_used: now() - 120 });
    await call(uncached.url, 'GET', '/api/notes', bearer(created.token));
    const listed = await call(uncached.url, 'GET', '/api/tokens', { token: session });
    expect(Math.abs(listed.json.results[0].timeLastUsed - now())).toBeLessThan(60);
  });
});
