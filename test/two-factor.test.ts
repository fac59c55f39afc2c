import { afterEach, describe, expect, it } from 'vitest';
import { call, signUp, uniqueEmail } from './helpers/api-client.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';
import { enableTwoFactor, totpCode } from './helpers/two-factor.js';

let server: TestServer;
afterEach(async () => server?.close());

let addressCounter = 0;
/** A login from an address of its own (the test servers trust the loopback proxy). */
const login = (username: string, extra: Record<string, string> = {}) => {
  addressCounter += 1;
  return call(server.url, 'POST', '/api/login', {
    body: { username, password: 'correct horse', ...extra },
    headers: { 'x-forwarded-for': `198.51.100.${addressCounter % 250}` },
  });
};

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
    const { secret } = await enableTwoFactor(server.url, token);
    const code = totpCode(secret, 1);
    const racing = await Promise.all([1, 2, 3, 4].map(() => login(email, { totp: code })));
    expect(racing.map((response) => response.status).sort()).toEqual([200, 401, 401, 401]);
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
    // Each guess from another address: the per-account limit still applies.
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
