import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';

const REPO_ROOT = resolve(import.meta.dirname, '../..');

/** Runs `quire ARGS…` against a test server's SQLite database, as its administrator would. */
export function runQuireCli(
  dataDir: string,
  args: string[],
  input = '',
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts', ...args], {
    cwd: REPO_ROOT,
    env: { ...process.env, DATABASE_URL: join(dataDir, 'quire.db'), SCRYPT_COST: '12' },
    stdio: ['pipe', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => {
    stdout += chunk.toString();
  });
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  child.stdin.end(input);
  return new Promise((done) => {
    child.once('close', (code) => done({ code, stdout, stderr }));
  });
}
