import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from './password-hash.js';

describe('password hashing', () => {
  it('verifies the right password and rejects others', async () => {
    const hash = await hashPassword('correct horse', 10);
    expect(hash).toMatch(/^scrypt\$1024\$8\$1\$[A-Za-z0-9+/=]{24}\$[A-Za-z0-9+/=]{44}$/);
    expect(await verifyPassword('correct horse', hash)).toBe(true);
    expect(await verifyPassword('correct horsE', hash)).toBe(false);
    expect(await verifyPassword('', hash)).toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hashPassword('same', 10)).not.toBe(await hashPassword('same', 10));
  });

  it('keeps verifying hashes made at another cost', async () => {
    const cheap = await hashPassword('pw', 10);
    const dearer = await hashPassword('pw', 12);
    expect(await verifyPassword('pw', cheap)).toBe(true);
    expect(await verifyPassword('pw', dearer)).toBe(true);
  });

  it('treats a malformed stored hash as a mismatch', async () => {
    for (const stored of ['', 'plain', 'bcrypt$x$y', 'scrypt$1024$8$1$$']) {
      expect(await verifyPassword('pw', stored)).toBe(false);
    }
  });
});
