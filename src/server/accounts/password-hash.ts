import { randomBytes, type ScryptOptions, timingSafeEqual } from 'node:crypto';
import { HashingQueue } from './hashing-queue.js';
import { ScryptThreads } from './scrypt-threads.js';

const KEY_LENGTH = 32;
const SALT_LENGTH = 16;

/**
 * Hashes at once, process-wide. Each keeps a core busy for a long while at the default cost, so
 * a couple at a time leave the event loop a core on small machines; the waiting line caps how
 * long a login may wait before it is told to come back (503).
 */
const SCRYPT_CONCURRENCY = 2;
const MAX_WAITING_HASHES = 16;

const hashing = new HashingQueue(SCRYPT_CONCURRENCY, MAX_WAITING_HASHES);
const threads = new ScryptThreads();

/** scrypt through the bounded queue, on threads of its own, never on the event loop. */
function scryptQueued(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return hashing.run(() => threads.run({ password, salt, keyLength: KEY_LENGTH, options }));
}

function scryptOptions(n: number, r: number, p: number): ScryptOptions {
  // scrypt needs 128·N·r bytes; Node's default 32 MiB cap is below OWASP's N=2^17, r=8.
  return { N: n, r, p, maxmem: 128 * n * r + 16 * 1024 * 1024 };
}

/**
 * Hashes a password as `scrypt$N$r$p$salt$key` (base64). The parameters travel with the hash,
 * so raising the cost later leaves existing hashes verifiable.
 */
export async function hashPassword(password: string, costLog2: number): Promise<string> {
  const n = 2 ** costLog2;
  const salt = randomBytes(SALT_LENGTH);
  const key = await scryptQueued(password, salt, scryptOptions(n, 8, 1));
  return ['scrypt', n, 8, 1, salt.toString('base64'), key.toString('base64')].join('$');
}

/** Checks a password against a stored hash in constant time; false for a malformed hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await scryptQueued(
    password,
    Buffer.from(salt, 'base64'),
    scryptOptions(Number(n), Number(r), Number(p)),
  );
  return actual.length === expected.length && timingSafeEqual(actual, expected);
}
