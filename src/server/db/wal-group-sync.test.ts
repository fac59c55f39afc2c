import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { WalGroupSync } from './wal-group-sync.js';

/** A stand-in for fdatasync that finishes only when the test says so. */
function manualSync() {
  const pending: { resolve(): void; reject(error: Error): void }[] = [];
  const sync = () =>
    new Promise<void>((resolve, reject) => {
      pending.push({ resolve, reject });
    });
  return { sync, pending };
}

const settled = async (promise: Promise<unknown>) => {
  let done = false;
  void promise.then(
    () => {
      done = true;
    },
    () => {
      done = true;
    },
  );
  await new Promise((resolve) => setImmediate(resolve));
  return done;
};

let dir: string;
let file: string;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wal-sync-'));
  file = path.join(dir, 'quire.db');
  fs.writeFileSync(`${file}-wal`, '');
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('group commit over the WAL', () => {
  it('never lets a sync that began before a commit count for it', async () => {
    const { sync, pending } = manualSync();
    const wal = new WalGroupSync(file, sync);
    const first = wal.synced();
    const second = wal.synced(); // committed while the first sync is under way
    pending[0]?.resolve();
    await first;
    expect(await settled(second)).toBe(false);
    expect(pending).toHaveLength(2);
    pending[1]?.resolve();
    await second;
  });

  it('lets every commit made during one sync share the next', async () => {
    const { sync, pending } = manualSync();
    const wal = new WalGroupSync(file, sync);
    const first = wal.synced();
    const waiting = Array.from({ length: 20 }, () => wal.synced());
    pending[0]?.resolve();
    await first;
    await new Promise((resolve) => setImmediate(resolve));
    expect(pending).toHaveLength(2);
    pending[1]?.resolve();
    await Promise.all(waiting);
    expect(pending).toHaveLength(2);
  });

  it('fails the writes a failed sync was to cover, and syncs again for later ones', async () => {
    const { sync, pending } = manualSync();
    const wal = new WalGroupSync(file, sync);
    const failed = wal.synced();
    const later = wal.synced();
    pending[0]?.reject(new Error('EIO'));
    await expect(failed).rejects.toThrow('EIO');
    await new Promise((resolve) => setImmediate(resolve));
    pending[1]?.resolve();
    await expect(later).resolves.toBeUndefined();
    await wal.close();
  });
});
