import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from './helpers/api-client.js';
import { runCli } from './helpers/server-process.js';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

let database: TestDatabase;
let server: TestServer;
let env: Record<string, string>;
beforeAll(async () => {
  database = await createTestDatabase();
  env = { DATABASE_URL: database.url };
  server = await startTestServer({ database });
});
afterAll(async () => {
  await server.close();
  await database.drop();
});

async function linkFor(email: string): Promise<URL> {
  const made = await runCli(['user', 'login-link', email, '--url', server.url], env);
  expect(made.code).toBe(0);
  expect(made.stdout).toContain('for one use within 15 minutes');
  return new URL(made.stdout.trim().split('\n').at(-1)!);
}

function redeem(code: string) {
  return call(server.url, 'POST', '/api/login/code', { token: '', body: { code } });
}

describe('quire user login-link', () => {
  it('prints a link whose code signs the account in once', async () => {
    await runCli(['user', 'add', 'owner@example.com'], env, 'owner password\n');
    const link = await linkFor('Owner@Example.com');
    expect(link.origin).toBe(new URL(server.url).origin);
    const code = /^#sign-in=([\w-]{43})$/.exec(link.hash)?.[1];
    expect(code).toBeDefined();
    const first = await redeem(code!);
    expect(first.status).toBe(200);
    const check = await call(server.url, 'GET', '/api/check', { token: first.text });
    expect(check.json).toEqual({ email: 'owner@example.com' });
    const again = await redeem(code!);
    expect(again.status).toBe(401);
    expect(again.json.code).toBe('unauthorized');
  });

  it('keeps only the hash of the code, and refuses it once it has expired', async () => {
    const code = /#sign-in=(.+)$/.exec((await linkFor('owner@example.com')).hash)![1]!;
    const rows = await server.database.db.selectFrom('sign_in_codes').selectAll().execute();
    expect(rows.some((row) => row.code_hash.includes(code))).toBe(false);
    await server.database.db.updateTable('sign_in_codes').set({ time_expires: 1 }).execute();
    expect((await redeem(code)).status).toBe(401);
  });

  it('names an unknown account, and keeps --url to itself', async () => {
    const unknown = await runCli(['user', 'login-link', 'nobody@example.com'], env);
    expect(unknown).toMatchObject({
      code: 1,
      stderr: 'quire: No account with the email nobody@example.com\n',
    });
    const misplaced = await runCli(['user', 'list', '--url', server.url], env);
    expect(misplaced.code).toBe(2);
    expect(misplaced.stderr).toContain('--url belongs to "user login-link"');
  });
});
