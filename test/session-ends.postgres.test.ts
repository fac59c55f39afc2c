import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SessionsEnded } from '../src/server/live/live-bus.js';
import { CLOSE_UNAUTHORIZED } from '../src/shared/live-message.js';
import { call, signUp, uniqueEmail } from './helpers/api-client.js';
import { runCli } from './helpers/server-process.js';
import type { TestDatabase } from './helpers/test-database.js';
import type { TestServer } from './helpers/test-server.js';
import { startTwoInstances, type TwoInstances } from './helpers/two-instances.js';

// Two instances over one database, with the periodic sweep out of the way: a socket on one
// must close because the other announced the end of its session, not because of a sweep.
let instances: TwoInstances;
let database: TestDatabase;
let one: TestServer;
let two: TestServer;

beforeEach(async () => {
  instances = await startTwoInstances(3_600_000);
  ({ database, one, two } = instances);
});
afterEach(async () => instances?.close());

const connect = (server: TestServer, token: string) => instances.connect(server, token);

describe('ended sessions across instances', () => {
  it('close their sockets on the other instance at once', async () => {
    const email = uniqueEmail();
    const mine = await signUp(one.url, email);
    const login = await call(two.url, 'POST', '/api/login', {
      body: { username: email, password: 'correct horse' },
    });
    const other = login.text;
    const otherOnTwo = await connect(two, other);
    const mineOnTwo = await connect(two, mine);

    const sessions = await call(one.url, 'GET', '/api/sessions', { token: mine });
    const target = sessions.json.results.find((session: { current: boolean }) => !session.current);
    expect(
      (await call(one.url, 'DELETE', `/api/sessions/${target.id}`, { token: mine })).status,
    ).toBe(204);
    expect(await otherOnTwo.closed(2_000)).toBe(CLOSE_UNAUTHORIZED);
    expect(mineOnTwo.closeCode).toBeUndefined();

    // Deleting the account through one closes its last socket on two.
    const deleted = await call(one.url, 'DELETE', '/api/account', {
      token: mine,
      body: { password: 'correct horse' },
    });
    expect(deleted.status).toBe(204);
    expect(await mineOnTwo.closed(2_000)).toBe(CLOSE_UNAUTHORIZED);
  });

  it('are refused by the instance that ended them before it answers', async () => {
    const heard: SessionsEnded[] = [];
    const unsubscribe = one.bus.subscribe({ onSessionsEnded: (ended) => heard.push(ended) });
    try {
      const ended = { userId: 'u1', sessionIds: ['s1'] };
      const announcing = one.bus.endSessions(ended);
      // Not only when its own notification comes back: a request may come first.
      expect(heard).toEqual([ended]);
      await announcing;
    } finally {
      unsubscribe();
    }
  });

  it('close when the command line deletes the user', async () => {
    const email = uniqueEmail();
    const token = await signUp(one.url, email);
    const live = await connect(two, token);
    const result = await runCli(['user', 'delete', email, '--yes'], { DATABASE_URL: database.url });
    expect(result.code).toBe(0);
    expect(await live.closed(2_000)).toBe(CLOSE_UNAUTHORIZED);
  });
});
