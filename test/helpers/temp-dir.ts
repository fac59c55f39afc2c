import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** A fresh directory under the system temp dir, removed by `removeTempDir`. */
export function makeTempDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'quire-test-'));
}

export function removeTempDir(dir: string): void {
  fs.rmSync(dir, { recursive: true, force: true });
}
