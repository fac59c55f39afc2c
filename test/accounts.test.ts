import { afterEach, describe, expect, it } from 'vitest';
import { call, signUp, uniqueEmail } from './helpers/api-client.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

let server: TestServer;
afterEach(async () => server?.close());

const credentials = (username: string, password = 'correct horse') => ({
  body: { username, password },
});

/** `POST /api/login` as a client at `address`, through the test server's trusted proxy. */
const loginAs = (email: string, password: string, address: string) =>
  call(server.url, 'POST', '/api/login', {
    ...credentials(email, password),
    headers: { 'x-forwarded-for': address },
  });

describe('sign-up', () => {
  it('is open on first run and closes once an account exists', async () => {
    server = await startTestServer({ config: { allowSignup: undefined } });
    expect((await call(server.url, 'GET', '/api/config')).json).toMatchObject({
      signupOpen: true,
      firstRun: true,
    });

    const first = await call(server.url, 'POST', '/api/signup', credentials('first@example.com'));
    expect(first.status).toBe(201);
    expect(first.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(first.text).toMatch(/^[A-Za-z0-9_-]{43}$/);

    expect((await call(server.url, 'GET', '/api/config')).json).toMatchObject({
      signupOpen: false,
      firstRun: false,
    });
    const second = await call(server.url, 'POST', '/api/signup', credentials('second@example.com'));
    expect(second.status).toBe(403);
    expect(second.json).toEqual({ error: 'Sign-up is closed on this server', code: 'forbidden' });
  });

  it('lets exactly one of several simultaneous first-run sign-ups in', async () => {
    server = await startTestServer({ config: { allowSignup: undefined } });
    const attempts = await Promise.all(
      Array.from({ length: 6 }, () =>
        call(server.url, 'POST', '/api/signup', credentials(uniqueEmail('first'))),
      ),
    );
    const statuses = attempts.map((response) => response.status).sort();
    expect(statuses).toEqual([201, 403, 403, 403, 403, 403]);
  });

  it('stays open with ALLOW_SIGNUP=true and is closed from the start with false', async () => {
    server = await startTestServer({ config: { allowSignup: true } });
    await signUp(server.url);
    expect((await call(server.url, 'GET', '/api/config')).json).toMatchObject({
      signupOpen: true,
      firstRun: false,
    });
    expect((await call(server.url, 'POST', '/api/signup', credentials(uniqueEmail()))).status).toBe(
      201,
    );
    await server.close();

    server = await startTestServer({ config: { allowSignup: false } });
    expect((await call(server.url, 'GET', '/api/config')).json).toMatchObject({
      signupOpen: false,
    });
    expect((await call(server.url, 'POST', '/api/signup', credentials(uniqueEmail()))).status).toBe(
      403,
    );
  });

  it('trims and lower-cases the email, and refuses a duplicate with 409', async () => {
    server = await startTestServer();
    const token = (await call(server.url, 'POST', '/api/signup', credentials('  Ada@Example.COM ')))
      .text;
    expect((await call(server.url, 'GET', '/api/check', { token })).json).toEqual({
      email: 'ada@example.com',
    });
    const again = await call(server.url, 'POST', '/api/signup', credentials('ada@example.com'));
    expect(again.status).toBe(409);
    expect(again.json.error).toMatch(/already|exists/);
  });

  it('refuses short passwords, bad emails and malformed bodies with 400', async () => {
    server = await startTestServer();
    const cases = [
      credentials(uniqueEmail(), 'short7!'),
      credentials('not-an-email'),
      credentials(''),
      { body: { username: uniqueEmail() } },
      { body: { username: uniqueEmail(), password: 12345678 } },
      { body: { username: uniqueEmail(), password: 'correct horse', admin: true } },
      { body: '{"username": "x@example.com", "password": ' },
    ];
    for (const request of cases) {
      const response = await call(server.url, 'POST', '/api/signup', request);
      expect(response.status, JSON.stringify(request)).toBe(400);
      expect(typeof response.json.error).toBe('string');
    }
    expect((await call(server.url, 'GET', '/api/config')).json).toMatchObject({ signupOpen: true });
  });

  it('counts password length in characters, not bytes', async () => {
    server = await startTestServer();
    const emoji = await call(
      server.url,
      'POST',
      '/api/signup',
      credentials(uniqueEmail(), '🔑🔑🔑🔑'),
    );
    expect(emoji.status).toBe(400);
    const email = uniqueEmail();
    expect(
      (await call(server.url, 'POST', '/api/signup', credentials(email, 'пароль🔑🔑'))).status,
    ).toBe(201);
    expect(
      (await call(server.url, 'POST', '/api/login', credentials(email, 'пароль🔑🔑'))).status,
    ).toBe(200);
  });
});

describe('login, check and logout', () => {
  it('logs in with the right password and answers 401 otherwise', async () => {
    server = await startTestServer();
    const email = uniqueEmail();
    await signUp(server.url, email);

    const ok = await call(server.url, 'POST', '/api/login', credentials(` ${email.toUpperCase()}`));
    expect(ok.status).toBe(200);
    expect(ok.headers.get('content-type')).toMatch(/^text\/plain/);
    expect((await call(server.url, 'GET', '/api/check', { token: ok.text })).status).toBe(200);

    const wrong = await call(server.url, 'POST', '/api/login', credentials(email, 'wrong horse'));
    expect(wrong.status).toBe(401);
    expect(wrong.json).toEqual({ error: 'Wrong email or password', code: 'unauthorized' });
    const unknown = await call(server.url, 'POST', '/api/login', credentials('nobody@example.com'));
    expect(unknown.status).toBe(401);
    expect(unknown.json).toEqual(wrong.json);
  });

  it('gives each login its own session, and logout revokes only that one', async () => {
    server = await startTestServer();
    const email = uniqueEmail();
    const first = await signUp(server.url, email);
    const second = (await call(server.url, 'POST', '/api/login', credentials(email))).text;
    expect(second).not.toBe(first);

    expect((await call(server.url, 'POST', '/api/logout', { token: first })).status).toBe(204);
    expect((await call(server.url, 'GET', '/api/check', { token: first })).status).toBe(401);
    expect((await call(server.url, 'GET', '/api/notes', { token: first })).status).toBe(401);
    expect((await call(server.url, 'GET', '/api/check', { token: second })).status).toBe(200);
    expect((await call(server.url, 'POST', '/api/logout', { token: first })).status).toBe(401);
  });

  it('answers 401 with a JSON error for a missing or made-up token', async () => {
    server = await startTestServer();
    for (const token of [undefined, '', 'x'.repeat(43), 'x'.repeat(5000)]) {
      const response = await call(server.url, 'GET', '/api/check', { token });
      expect(response.status).toBe(401);
      expect(typeof response.json.error).toBe('string');
    }
  });

  it('never stores the token itself, only its hash', async () => {
    server = await startTestServer();
    const token = await signUp(server.url);
    const sessions = await server.database.db.selectFrom('sessions').selectAll().execute();
    expect(sessions).toHaveLength(1);
    expect(JSON.stringify(sessions)).not.toContain(token);
    const users = await server.database.db.selectFrom('users').selectAll().execute();
    expect(users[0]?.password_hash).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(JSON.stringify(users)).not.toContain('correct horse');
  });
});

describe('rate limiting', () => {
  it('answers 429 with a JSON error past AUTH_RATE_LIMIT attempts a minute', async () => {
    server = await startTestServer({ config: { authRateLimit: 3 } });
    const email = uniqueEmail();
    await signUp(server.url, email); // one attempt
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 3; attempt += 1) {
      statuses.push((await call(server.url, 'POST', '/api/login', credentials(email))).status);
    }
    expect(statuses).toEqual([200, 200, 429]);
    const limited = await call(server.url, 'POST', '/api/signup', credentials(uniqueEmail()));
    expect(limited.status).toBe(429);
    expect(limited.json.error).toMatch(/Too many attempts/);
    // Other calls are not limited.
    expect((await call(server.url, 'GET', '/api/config')).status).toBe(200);
  });

  it('counts each client behind a trusted proxy apart with TRUST_PROXY', async () => {
    server = await startTestServer({ config: { authRateLimit: 2, trustProxy: '127.0.0.1' } });
    const email = uniqueEmail();
    await signUp(server.url, email);
    const loginFrom = async (client: string) =>
      (
        await call(server.url, 'POST', '/api/login', {
          ...credentials(email),
          headers: { 'x-forwarded-for': client },
        })
      ).status;
    expect([await loginFrom('203.0.113.7'), await loginFrom('203.0.113.7')]).toEqual([200, 200]);
    expect(await loginFrom('203.0.113.7')).toBe(429);
    expect(await loginFrom('198.51.100.4')).toBe(200);
  });

  it('stops a stranger guessing from one network, and lets the owner in from another', async () => {
    server = await startTestServer({ config: { authRateLimit: 3, trustProxy: '127.0.0.1' } });
    const email = uniqueEmail();
    await signUp(server.url, email);
    const loginFrom = (client: string, password: string) => loginAs(email, password, client);
    // Every guess from a new address of the same /24: the network is what is counted.
    const guesses: number[] = [];
    for (let host = 1; host <= 5; host += 1) {
      guesses.push((await loginFrom(`203.0.113.${host}`, 'wrong horse')).status);
    }
    expect(guesses).toEqual([401, 401, 401, 429, 429]);
    const refused = await loginFrom('203.0.113.9', 'correct horse');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);

    // The owner, elsewhere, types a wrong password once and then the right one.
    expect((await loginFrom('198.51.100.20', 'wrong horse')).status).toBe(401);
    expect((await loginFrom('198.51.100.20', 'correct horse')).status).toBe(200);
    expect((await loginFrom('2001:db8:5:6::1', 'correct horse')).status).toBe(200);
  });

  it('only slows an account guessed from many networks, and never the owner', async () => {
    server = await startTestServer({ config: { authRateLimit: 2, trustProxy: '127.0.0.1' } });
    const email = uniqueEmail();
    await signUp(server.url, email);
    const loginFrom = (client: string, password: string) => loginAs(email, password, client);
    // One wrong guess from each of many networks, each under its own limit…
    for (let network = 1; network <= 12; network += 1) {
      expect((await loginFrom(`10.0.${network}.1`, 'wrong horse')).status).toBe(401);
    }
    // …past the account's ceiling: a network that has just failed must wait a few seconds,
    const slowed = await loginFrom('10.0.1.1', 'wrong horse');
    expect(slowed.status).toBe(429);
    expect(slowed.json.error).toMatch(/for this account/);
    const wait = Number(slowed.headers.get('retry-after'));
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(15);
    // a new network still gets its try, and the owner gets straight in.
    expect((await loginFrom('10.0.99.1', 'wrong horse')).status).toBe(401);
    expect((await loginFrom('192.0.2.44', 'correct horse')).status).toBe(200);
  });

  it('is off with AUTH_RATE_LIMIT=0', async () => {
    server = await startTestServer({ config: { authRateLimit: 0 } });
    const email = uniqueEmail();
    await signUp(server.url, email);
    for (let attempt = 0; attempt < 30; attempt += 1) {
      expect(
        (await call(server.url, 'POST', '/api/login', credentials(email, 'wrong pw!'))).status,
      ).toBe(401);
    }
  });
});
