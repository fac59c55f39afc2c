import { afterEach, describe, expect, it } from 'vitest';
import { call, signUp, uniqueEmail } from './helpers/api-client.js';
import { runCli } from './helpers/server-process.js';
import { createTestDatabase, type TestDatabase } from './helpers/test-database.js';
import { startTestServer } from './helpers/test-server.js';
import { enableTwoFactor, totpCode } from './helpers/two-factor.js';

const databases: TestDatabase[] = [];
afterEach(async () => {
  for (const database of databases.splice(0)) await database.drop();
});

describe('quire db copy with two-factor sign-in', () => {
  it('carries the secret and the unused recovery codes', async () => {
    const source = await createTestDatabase('sqlite');
    const target = await createTestDatabase();
    databases.push(source, target);
    const email = uniqueEmail();
    let secret = '';
    let recoveryCodes: string[] = [];
    const before = await startTestServer({ database: source });
    try {
      ({ secret, recoveryCodes } = await enableTwoFactor(
        before.url,
        await signUp(before.url, email),
      ));
    } finally {
      await before.close();
    }

    const copied = await runCli(['db', 'copy', '--from', source.url, '--to', target.url], {});
    expect(copied.code, copied.stderr).toBe(0);

    const after = await startTestServer({ database: target });
    try {
      const login = (totp?: string) =>
        call(after.url, 'POST', '/api/login', {
          body: { username: email, password: 'correct horse', ...(totp ? { totp } : {}) },
        });
      expect((await login()).json.code).toBe('totp_required');
      expect((await login(recoveryCodes[3])).status).toBe(200);
      expect((await login(totpCode(secret, 1))).status).toBe(200);
      const left = await after.database.db.selectFrom('recovery_codes').selectAll().execute();
      expect(left).toHaveLength(9);
    } finally {
      await after.close();
    }
  });
});
