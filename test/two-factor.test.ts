import { afterEach, describe, expect, it } from 'vitest';
import { call, signUp, uniqueEmail } from './helpers/api-client.js';
import { runCli } from './helpers/server-process.js';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';
import { enableTwoFactor, totpCode } from './helpers/two-factor.js';

let server: TestServer;
/** Databases a test shares between servers; dropped once its last server is closed. */
const databases: TestDatabase[] = [];
afterEach(async () => {
  await server?.close();
  for (const database of databases.splice(0)) await database.drop();
});

async function sharedDatabase(): Promise<TestDatabase> {
  const database = await createTestDatabase();
  databases.push(database);
  return database;
}

let addressCounter = 0;
/** A login from an address of its own (the test servers trust the loopback proxy). */
const login = (username: string, extra: Record<string, string> = {}) => {
  addressCounter += 1;
  return call(server.url, 'POST', '/api/login', {
    body: { username, password: 'correct horse', ...extra },
    headers: { 'x-forwarded-for': `198.51.100.${addressCounter % 250}` },
  });
};

const unlock = (username: string, recoveryCode: string, password = 'correct horse') =>
  call(server.url, 'POST', '/api/login/unlock', { body: { username, password, recoveryCode } });

describe('two-factor sign-in', () => {
  it('is set up with the password, a secret and a confirming code, then asked for at login', async () => {
    server = await startTestServer();
    const email = uniqueEmail();
    const token = await signUp(server.url, email);
    expect((await call(server.url, 'GET', '/api/account', { token })).json).toEqual({
      email,
      totpEnabled: false,
    });

    const wrongPassword = await call(server.url, 'POST', '/api/account/totp', {
      token,
      body: { password: 'not my password' },
    });
    expect(wrongPassword.status).toBe(403);
    expect(wrongPassword.json.code).toBe('wrong_password');

    const { secret, uri, recoveryCodes } = await enableTwoFactor(server.url, token);
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(uri).toMatch(/^otpauth:\/\/totp\/Quire:.+\?.*secret=[A-Z2-7]{32}/);
    expect(uri).toContain('issuer=Quire');
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);
    expect((await call(server.url, 'GET', '/api/account', { token })).json.totpEnabled).toBe(true);

    // Without a code the right password is not enough; the answer says what is missing.
    const withoutCode = await login(email);
    expect(withoutCode.status).toBe(401);
    expect(withoutCode.json.code).toBe('totp_required');
    const wrongCode = await login(email, {
      totp: '000000' === totpCode(secret) ? '111111' : '000000',
    });
    expect(wrongCode.status).toBe(401);
    expect(wrongCode.json.code).toBe('invalid_totp');
    // A wrong password with a right code still says only "wrong email or password".
    const wrongPass = await call(server.url, 'POST', '/api/login', {
      body: { username: email, password: 'wrong horse', totp: totpCode(secret, 1) },
    });
    expect(wrongPass.json.code).toBe('unauthorized');

    const signedIn = await login(email, { totp: totpCode(secret, 1) });
    expect(signedIn.status).toBe(200);
    expect((await call(server.url, 'GET', '/api/check', { token: signedIn.text })).status).toBe(
      200,
    );
  });

  it('never accepts the same code twice, not even at the same time', async () => {
    server = await startTestServer();
    const email = uniqueEmail();
    const token = await signUp(server.url, email);
    const { secret, recoveryCodes } = await enableTwoFactor(server.url, token);
    const code = totpCode(secret, 1);
    const racing = await Promise.all([1, 2, 3, 4].map(() => login(email, { totp: code })));
    expect(racing.filter((response) => response.status === 200)).toHaveLength(1);
    // The others are refused: as a used code, or held back as guessing while the count runs.
    for (const response of racing.filter((answer) => answer.status !== 200)) {
      expect(['invalid_totp', 'rate_limited']).toContain(response.json.code);
    }
    // The owner starts the count over, so what follows is judged by the code alone.
    expect((await unlock(email, recoveryCodes[0] ?? '')).status).toBe(200);
    const again = await login(email, { totp: code });
    expect(again.json.code).toBe('invalid_totp');
    // Nor an older code once a newer one was used.
    expect((await login(email, { totp: totpCode(secret, -1) })).json.code).toBe('invalid_totp');
  });

  it('lets each recovery code in once', async () => {
    server = await startTestServer();
    const email = uniqueEmail();
    const token = await signUp(server.url, email);
    const { recoveryCodes } = await enableTwoFactor(server.url, token);
    const [first = '', second = ''] = recoveryCodes;
    expect((await login(email, { totp: first })).status).toBe(200);
    expect((await login(email, { totp: first })).json.code).toBe('invalid_totp');
    // Typed by hand: upper case and spaces are forgiven.
    expect((await login(email, { totp: ` ${second.toUpperCase()} ` })).status).toBe(200);

    const stored = await server.database.db.selectFrom('recovery_codes').selectAll().execute();
    expect(stored).toHaveLength(8);
    for (const code of recoveryCodes) expect(JSON.stringify(stored)).not.toContain(code);
  });

  it('turns off with the password and a code, and login is as before', async () => {
    server = await startTestServer();
    const email = uniqueEmail();
    const token = await signUp(server.url, email);
    const { secret } = await enableTwoFactor(server.url, token);
    const wrong = await call(server.url, 'DELETE', '/api/account/totp', {
      token,
      body: { password: 'wrong horse' },
    });
    expect(wrong.json.code).toBe('wrong_password');
    expect((await login(email)).json.code).toBe('totp_required');
    const off = await call(server.url, 'DELETE', '/api/account/totp', {
      token,
      body: { password: 'correct horse', totp: totpCode(secret, 1) },
    });
    expect(off.status).toBe(204);
    expect((await login(email)).status).toBe(200);
    expect(await server.database.db.selectFrom('recovery_codes').selectAll().execute()).toEqual([]);
  });

  it('refuses a wrong confirming code and a second set-up while on', async () => {
    server = await startTestServer();
    const token = await signUp(server.url);
    const early = await call(server.url, 'POST', '/api/account/totp/confirm', {
      token,
      body: { code: '123456' },
    });
    expect(early.status).toBe(409);
    const setup = await call(server.url, 'POST', '/api/account/totp', {
      token,
      body: { password: 'correct horse' },
    });
    const { secret } = setup.json as { secret: string };
    const wrong = await call(server.url, 'POST', '/api/account/totp/confirm', {
      token,
      body: { code: totpCode(secret, 5) },
    });
    expect(wrong.status).toBe(401);
    expect(wrong.json.code).toBe('invalid_totp');
    expect((await call(server.url, 'GET', '/api/account', { token })).json.totpEnabled).toBe(false);
    const ok = await call(server.url, 'POST', '/api/account/totp/confirm', {
      token,
      body: { code: totpCode(secret) },
    });
    expect(ok.status).toBe(200);
    const twice = await call(server.url, 'POST', '/api/account/totp', {
      token,
      body: { password: 'correct horse' },
    });
    expect(twice.status).toBe(409);
  });

  it('slows down code guessing for the account, with Retry-After', async () => {
    server = await startTestServer({ config: { authRateLimit: 3, trustProxy: '127.0.0.1' } });
    const email = uniqueEmail();
    const token = await signUp(server.url, email);
    const { secret } = await enableTwoFactor(server.url, token);
    const wrongCode = totpCode(secret, 5);
    const statuses: number[] = [];
    // Each guess from another address: the account's count in the database still applies.
    for (let attempt = 0; attempt < 4; attempt += 1) {
      statuses.push((await login(email, { totp: wrongCode })).status);
    }
    expect(statuses).toEqual([401, 401, 401, 429]);
    const limited = await login(email, { totp: totpCode(secret, 1) });
    expect(limited.status).toBe(429);
    expect(limited.json.code).toBe('rate_limited');
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('wrong two-factor codes', () => {
  /** A code the app does not show now (the app's codes run a step either side). */
  const wrongCodeFor = (secret: string) => totpCode(secret, 10);

  /** Moves the back-off's end into the past: stands in for waiting out the Retry-After. */
  const waitOutBackOff = (database: TestServer['database'], email: string) =>
    database.db
      .updateTable('users')
      .set({ totp_next_attempt: Date.now() - 1 })
      .where('email', '=', email)
      .execute();

  it('back off from the third, lock at the tenth, and stay locked across a restart', async () => {
    const database = await sharedDatabase();
    server = await startTestServer({ database });
    const email = uniqueEmail();
    const { secret, recoveryCodes } = await enableTwoFactor(
      server.url,
      await signUp(server.url, email),
    );
    const wrong = wrongCodeFor(secret);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await login(email, { totp: wrong })).json.code).toBe('invalid_totp');
    }
    // Every further code waits twice as long as the one before, right ones too.
    const waits: string[] = [];
    for (let failures = 3; failures < 10; failures += 1) {
      const heldBack = await login(email, { totp: totpCode(secret, 1) });
      expect(heldBack.status).toBe(429);
      expect(heldBack.json.code).toBe('rate_limited');
      waits.push(heldBack.headers.get('retry-after') ?? '');
      await waitOutBackOff(server.database, email);
      expect((await login(email, { totp: wrong })).json.code).toBe('invalid_totp');
    }
    expect(waits).toEqual(['2', '4', '8', '16', '32', '64', '128']);

    // Locked: no code is looked at, and the password step already says so.
    const locked = await login(email, { totp: totpCode(secret, 1) });
    expect(locked.status).toBe(423);
    expect(locked.json.code).toBe('second_factor_locked');
    expect((await login(email)).json.code).toBe('second_factor_locked');
    // A stranger without the password learns nothing of it.
    const stranger = await call(server.url, 'POST', '/api/login', {
      body: { username: email, password: 'wrong horse', totp: totpCode(secret, 1) },
    });
    expect(stranger.json.code).toBe('unauthorized');

    await server.close();
    server = await startTestServer({ database });
    expect((await login(email, { totp: totpCode(secret, 1) })).json.code).toBe(
      'second_factor_locked',
    );

    // Unlocking needs the password and an unused recovery code, and signs in.
    expect((await unlock(email, recoveryCodes[0] ?? '', 'wrong horse')).json.code).toBe(
      'unauthorized',
    );
    expect((await unlock(email, 'aaaaa-bbbbb')).json.code).toBe('invalid_totp');
    const unlocked = await unlock(email, recoveryCodes[0] ?? '');
    expect(unlocked.status).toBe(200);
    expect((await call(server.url, 'GET', '/api/check', { token: unlocked.text })).status).toBe(
      200,
    );
    expect((await unlock(email, recoveryCodes[0] ?? '')).json.code).toBe('invalid_totp');
    // The count starts over: the app's codes work again, and three wrong ones are free again.
    expect((await login(email, { totp: totpCode(secret, 1) })).status).toBe(200);
    for (let attempt = 0; attempt < 3; attempt += 1) {
      expect((await login(email, { totp: wrong })).json.code).toBe('invalid_totp');
    }
  });

  it('are one count for every instance, however the guesses race', async () => {
    const database = await sharedDatabase();
    const second = await startTestServer({ database });
    try {
      server = await startTestServer({ database });
      const email = uniqueEmail();
      const { secret } = await enableTwoFactor(server.url, await signUp(server.url, email));
      const guesses = await Promise.all(
        Array.from({ length: 16 }, (_, n) =>
          call(n % 2 === 0 ? server.url : second.url, 'POST', '/api/login', {
            body: { username: email, password: 'correct horse', totp: wrongCodeFor(secret) },
          }),
        ),
      );
      const looked = guesses.filter((guess) => guess.json.code === 'invalid_totp');
      const heldBack = guesses.filter((guess) => guess.json.code === 'rate_limited');
      // Only the three free guesses were looked at; every other one was held back.
      expect(looked).toHaveLength(3);
      expect(heldBack).toHaveLength(13);
    } finally {
      await second.close();
    }
  });

  it('are forgiven by the owner with `quire user unlock`', async () => {
    const database = await sharedDatabase();
    server = await startTestServer({ database });
    const email = uniqueEmail();
    const { secret } = await enableTwoFactor(server.url, await signUp(server.url, email));
    for (let failures = 0; failures < 10; failures += 1) {
      await waitOutBackOff(server.database, email);
      expect((await login(email, { totp: wrongCodeFor(secret) })).json.code).toBe('invalid_totp');
    }
    expect((await login(email)).json.code).toBe('second_factor_locked');

    const unlocked = await runCli(['user', 'unlock', email], { DATABASE_URL: database.url });
    expect(unlocked.code, unlocked.stderr).toBe(0);
    expect(unlocked.stdout).toBe(`Unlocked two-factor sign-in for ${email}\n`);
    expect((await login(email)).json.code).toBe('totp_required');
    expect((await login(email, { totp: totpCode(secret, 1) })).status).toBe(200);
  });
});
