import { afterEach, describe, expect, it } from 'vitest';
import { CLOSE_UNAUTHORIZED } from '../src/shared/live-message.js';
import { call, signUp, uniqueEmail } from './helpers/api-client.js';
import { LiveTestClient } from './helpers/live-client.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
const clients: LiveTestClient[] = [];
afterEach(async () => {
  for (const client of clients.splice(0)) client.close();
  await server?.close();
});

// The periodic sweep is pushed out of the way: sockets must close because of the event.
const NO_SWEEP = { app: { sessionCheckMs: 3_600_000 } };
const DAY = 24 * 60 * 60;
const now = () => Math.floor(Date.now() / 1000);

async function connect(token: string): Promise<LiveTestClient> {
  const client = await LiveTestClient.connect(server.socketUrl, token);
  clients.push(client);
  return client;
}

async function logIn(email: string, userAgent: string): Promise<string> {
  const response = await call(server.url, 'POST', '/api/login', {
    body: { username: email, password: 'correct horse' },
    headers: { 'user-agent': userAgent },
  });
  return response.text;
}

describe('sessions', () => {
  it('lists every session of the user, marking the current one', async () => {
    server = await startTestServer(NO_SWEEP);
    const email = uniqueEmail();
    await signUp(server.url, email);
    const phone = await logIn(email, 'Phone Browser/1.0');
    const laptop = await logIn(email, 'Laptop Browser/2.0');
    await signUp(server.url); // someone else's session is never listed

    const response = await call(server.url, 'GET', '/api/sessions', { token: laptop });
    expect(response.status).toBe(200);
    const sessions = response.json.results as Array<Record<string, unknown>>;
    expect(sessions).toHaveLength(3);
    expect(sessions.filter((session) => session.current)).toHaveLength(1);
    const current = sessions.find((session) => session.current);
    expect(current).toMatchObject({ userAgent: 'Laptop Browser/2.0', address: '127.0.0.1' });
    for (const session of sessions) {
      expect(Object.keys(session).sort()).toEqual(
        ['address', 'current', 'id', 'timeCreated', 'timeLastSeen', 'userAgent'].sort(),
      );
      expect(Math.abs((session.timeCreated as number) - now())).toBeLessThan(60);
    }
    expect(JSON.stringify(sessions)).not.toContain(phone);
  });

  it('ends one session at once: its token stops working and its socket closes with 4401', async () => {
    server = await startTestServer(NO_SWEEP);
    const email = uniqueEmail();
    const mine = await signUp(server.url, email);
    const other = await logIn(email, 'Other/1.0');
    const otherLive = await connect(other);
    const mineLive = await connect(mine);

    const list = await call(server.url, 'GET', '/api/sessions', { token: mine });
    const target = list.json.results.find((session: { current: boolean }) => !session.current);
    const ended = await call(server.url, 'DELETE', `/api/sessions/${target.id}`, { token: mine });
    expect(ended.status).toBe(204);
    expect(await otherLive.closed(2_000)).toBe(CLOSE_UNAUTHORIZED);
    expect((await call(server.url, 'GET', '/api/check', { token: other })).status).toBe(401);
    expect((await call(server.url, 'GET', '/api/check', { token: mine })).status).toBe(200);
    expect(mineLive.closeCode).toBeUndefined();

    const again = await call(server.url, 'DELETE', `/api/sessions/${target.id}`, { token: mine });
    expect(again.status).toBe(404);
    expect(again.json.code).toBe('not_found');
  });

  it("never ends another user's session", async () => {
    server = await startTestServer(NO_SWEEP);
    const victim = await signUp(server.url);
    const attacker = await signUp(server.url);
    const victimSessions = await call(server.url, 'GET', '/api/sessions', { token: victim });
    const id = victimSessions.json.results[0].id;
    const response = await call(server.url, 'DELETE', `/api/sessions/${id}`, { token: attacker });
    expect(response.status).toBe(404);
    expect((await call(server.url, 'GET', '/api/check', { token: victim })).status).toBe(200);
  });

  it('signs out everywhere else, keeping this session', async () => {
    server = await startTestServer(NO_SWEEP);
    const email = uniqueEmail();
    const mine = await signUp(server.url, email);
    const others = [await logIn(email, 'A/1'), await logIn(email, 'B/1')];
    const sockets = await Promise.all(others.map((token) => connect(token)));
    const mineLive = await connect(mine);

    expect((await call(server.url, 'DELETE', '/api/sessions', { token: mine })).status).toBe(204);
    for (const socket of sockets) expect(await socket.closed(2_000)).toBe(CLOSE_UNAUTHORIZED);
    for (const token of others) {
      expect((await call(server.url, 'GET', '/api/check', { token })).status).toBe(401);
    }
    const left = await call(server.url, 'GET', '/api/sessions', { token: mine });
    expect(left.json.results).toHaveLength(1);
    expect(mineLive.closeCode).toBeUndefined();
  });
});

describe('session expiry', () => {
  // These move a session in time by editing its row: the server must not trust what it read.
  it('ends a session unused for SESSION_IDLE_DAYS', async () => {
    server = await startTestServer({
      config: { sessionIdleDays: 30 },
      app: { sessionCacheMs: 0 },
    });
    const token = await signUp(server.url);
    const { db } = server.database;
    await db
      .updateTable('sessions')
      .set({ time_last_seen: now() - 29 * DAY })
      .execute();
    expect((await call(server.url, 'GET', '/api/check', { token })).status).toBe(200);
    await db
      .updateTable('sessions')
      .set({ time_last_seen: now() - 30 * DAY - 5 })
      .execute();
    const expired = await call(server.url, 'GET', '/api/notes', { token });
    expect(expired.status).toBe(401);
    expect(expired.json.code).toBe('unauthorized');
    expect(await db.selectFrom('sessions').selectAll().execute()).toEqual([]);
  });

  it('ends a session SESSION_MAX_DAYS after it began, however much it is used', async () => {
    server = await startTestServer({ config: { sessionMaxDays: 365 } });
    const token = await signUp(server.url);
    const { db } = server.database;
    await db
      .updateTable('sessions')
      .set({ time_created: now() - 366 * DAY })
      .execute();
    expect((await call(server.url, 'GET', '/api/check', { token })).status).toBe(401);
  });

  it('refreshes last-seen when it is more than a minute old, not on every request', async () => {
    server = await startTestServer({ app: { sessionCacheMs: 0 } });
    const token = await signUp(server.url);
    const { db } = server.database;
    const lastSeen = async () =>
      Number(
        (await db.selectFrom('sessions').select('time_last_seen').executeTakeFirst())
          ?.time_last_seen,
      );

    await db
      .updateTable('sessions')
      .set({ time_last_seen: now() - 30 })
      .execute();
    const recent = await lastSeen();
    await call(server.url, 'GET', '/api/check', { token });
    expect(await lastSeen()).toBe(recent);

    await db
      .updateTable('sessions')
      .set({ time_last_seen: now() - 3600 })
      .execute();
    await call(server.url, 'GET', '/api/check', { token });
    expect(Math.abs((await lastSeen()) - now())).toBeLessThan(5);
  });

  it('closes the socket of a session that expires while it is open', async () => {
    server = await startTestServer({ app: { sessionCheckMs: 100 } });
    const token = await signUp(server.url);
    const live = await connect(token);
    await server.database.db
      .updateTable('sessions')
      .set({ time_last_seen: now() - 31 * DAY })
      .execute();
    expect(await live.closed(3_000)).toBe(CLOSE_UNAUTHORIZED);
  });
});
