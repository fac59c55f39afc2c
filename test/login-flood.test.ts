import { afterEach, describe, expect, it } from 'vitest';
import { call, signUp, uniqueEmail } from './helpers/api-client.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
afterEach(async () => server?.close());

describe('a flood of logins', () => {
  it('is told to come back (503 with Retry-After) past the hashing line, and saves go on', async () => {
    // A dear enough hash that the whole flood arrives while the first ones still run.
    server = await startTestServer({ config: { scryptCost: 15 } });
    const email = uniqueEmail();
    const token = await signUp(server.url, email);
    let settled = 0;
    const logins = Array.from({ length: 30 }, () =>
      call(server.url, 'POST', '/api/login', {
        body: { username: email, password: 'correct horse' },
      }).finally(() => {
        settled += 1;
      }),
    );
    // A save is answered while logins still wait for their hashes: it never queues behind them.
    const note = await call(server.url, 'POST', '/api/notes', { token, body: { body: 'mine' } });
    expect(note.status).toBe(201);
    expect(settled).toBeLessThan(30);
    const answers = await Promise.all(logins);
    const refused = answers.filter((answer) => answer.status === 503);
    const signedIn = answers.filter((answer) => answer.status === 200);
    expect(refused.length).toBeGreaterThan(0);
    expect(signedIn.length).toBeGreaterThan(0);
    expect(refused.length + signedIn.length).toBe(30);
    for (const answer of refused) {
      expect(answer.json.code).toBe('unavailable');
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    }
  });
});
