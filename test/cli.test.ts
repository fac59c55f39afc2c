import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLOSE_UNAUTHORIZED } from '../src/shared/live-message.js';
import { call, signUp } from './helpers/api-client.js';
import { bearer, createApiToken } from './helpers/api-tokens.js';
import { LiveTestClient } from './helpers/live-client.js';
import { runCli } from './helpers/server-process.js';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.js';
import { startTestServer } from './helpers/test-server.js';

let database: TestDatabase;
let env: Record<string, string>;
beforeAll(async () => {
  database = await createTestDatabase();
  env = { DATABASE_URL: database.url };
});
afterAll(async () => database.drop());

describe('the quire CLI', () => {
  it('adds, lists, re-passwords and deletes users', async () => {
    const added = await runCli(['user', 'add', ' Grace@Example.com '], env, 'first password\n');
    expect(added).toMatchObject({ code: 0, stdout: 'Created the account grace@example.com\n' });

    const listed = await runCli(['user', 'list'], env);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(/^grace@example\.com\t0 notes\tcreated \d{4}-\d{2}-\d{2}\n$/);

    const passwd = await runCli(['user', 'passwd', 'grace@example.com'], env, 'second password');
    expect(passwd.code).toBe(0);
    expect(passwd.stdout).toContain('Changed the password of grace@example.com');
    const server = await startTestServer({ database });
    const login = (password: string) =>
      call(server.url, 'POST', '/api/login', { body: { username: 'grace@example.com', password } });
    expect((await login('second password')).status).toBe(200);
    expect((await login('first password')).status).toBe(401);
    await server.close();

    const refused = await runCli(['user', 'delete', 'grace@example.com'], env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toBe('quire: Nothing deleted: add --yes to delete without asking\n');
    expect((await runCli(['user', 'list'], env)).stdout).toContain('grace@example.com');

    const deleted = await runCli(['user', 'delete', 'grace@example.com', '--yes'], env);
    expect(deleted.code).toBe(0);
    expect((await runCli(['user', 'list'], env)).stdout).toBe('No accounts yet\n');
  });

  it('signs a user out of a running server at once', async () => {
    const server = await startTestServer({ database, app: { sessionCheckMs: 60_000 } });
    const live: LiveTestClient[] = [];
    try {
      const token = await signUp(server.url, 'hopper@example.com');
      const check = () => call(server.url, 'GET', '/api/check', { token });
      expect((await check()).status).toBe(200); // the server has just checked this session
      live.push(await LiveTestClient.connect(server.socketUrl, token));
      const apiToken = await createApiToken(server.url, token, ['notes:read']);
      const tokenCheck = () => call(server.url, 'GET', '/api/check', bearer(apiToken.token));
      expect((await tokenCheck()).status).toBe(200);
      const passwd = await runCli(['user', 'passwd', 'hopper@example.com'], env, 'new password');
      expect(passwd.code).toBe(0);
      // PostgreSQL servers hear of it by a notification, which closes the socket too; an SQLite
      // server sees that another process wrote to the file.
      if (server.config.database.kind === 'postgres') {
        expect(await live[0]?.closed()).toBe(CLOSE_UNAUTHORIZED);
      }
      expect((await check()).status).toBe(401);
      expect((await tokenCheck()).status).toBe(401);
    } finally {
      for (const client of live) client.close();
      await server.close();
    }
  });

  it('explains every misuse in one line with a non-zero exit code', async () => {
    await runCli(['user', 'add', 'ada@example.com'], env, 'long enough');
    const cases: Array<[string[], string | undefined, number, RegExp]> = [
      [['user', 'add', 'ada@example.com'], 'long enough', 1, /already exists|exists/],
      [['user', 'add', 'bad-email'], 'long enough', 1, /Email address is not valid/],
      [['user', 'add', 'short@example.com'], 'short', 1, /at least 8 characters/],
      [['user', 'add'], undefined, 2, /takes exactly one EMAIL/],
      [['user', 'add', 'a@example.com', 'b@example.com'], undefined, 2, /takes exactly one EMAIL/],
      [['user', 'passwd', 'nobody@example.com'], 'long enough', 1, /No account with the email/],
      [['user', 'delete', 'nobody@example.com', '--yes'], undefined, 1, /No account/],
      [['user', 'frobnicate'], undefined, 2, /Unknown command: user frobnicate/],
      [['launch'], undefined, 2, /Unknown command: launch/],
      [['user', 'list', '--colour'], undefined, 2, /Unknown option/],
    ];
    for (const [args, input, code, message] of cases) {
      const result = await runCli(args, env, input);
      expect(result.code, args.join(' ')).toBe(code);
      expect(result.stderr.split('\n')[0], args.join(' ')).toMatch(/^quire: /);
      expect(result.stderr, args.join(' ')).toMatch(message);
    }
    expect((await runCli(['user', 'list'], env)).stdout).toMatch(/^ada@example\.com\t/);
  });

  it('prints usage for --help', async () => {
    const help = await runCli(['--help'], env);
    expect(help.code).toBe(0);
    expect(help.stdout).toContain('user add EMAIL');
    expect(help.stdout).toContain('db copy --from DB --to DB [--force]');
  });

  it('stops with a one-line message on bad configuration', async () => {
    const bad: Array<[Record<string, string>, RegExp]> = [
      [{ PORT: 'eighty' }, /^quire: PORT must be a whole number from 0 to 65535, not "eighty"\n$/],
      [{ ALLOW_SIGNUP: 'maybe' }, /^quire: ALLOW_SIGNUP must be true or false/],
      [{ AUTH_RATE_LIMIT: '-1' }, /^quire: AUTH_RATE_LIMIT must be a whole number/],
      [{ BODY_LIMIT: '10' }, /^quire: BODY_LIMIT must be a size/],
      [{ LOG_LEVEL: 'loud' }, /^quire: LOG_LEVEL must be one of/],
      [{ DATABASE_URL: 'mysql://localhost/quire' }, /^quire: DATABASE_URL must be/],
    ];
    for (const [extra, message] of bad) {
      const result = await runCli(['serve'], { ...env, ...extra });
      expect(result.code, JSON.stringify(extra)).toBe(1);
      expect(result.stderr, JSON.stringify(extra)).toMatch(message);
      expect(result.stderr.trim().split('\n')).toHaveLength(1);
    }
  });
});
