import { spawn } from 'node:child_process';
import { BackupError } from './backup-error.js';
import { recordBackupVerified } from './backup-records.js';
import { type BackupSource, makeBackup } from './make-backup.js';
import { verifyBackup } from './verify-backup.js';

/** The two steps of a scheduled backup: make one into a folder, then prove it restores. */
export interface BackupSteps {
  /** Makes a backup under `dir`, recorded as made; resolves with its folder. */
  make(dir: string): Promise<string>;
  /** Checks a backup as `quire backup verify` does, recorded as verified once it passes. */
  verify(folder: string): Promise<void>;
}

/** Both steps inside this process, on its open database, with its clock. */
export function stepsInProcess(source: BackupSource, now: () => Date): BackupSteps {
  return {
    make: async (dir) => (await makeBackup(source, dir, now())).folder,
    verify: async (folder) => {
      const manifest = await verifyBackup(folder, source.location);
      const timeVerified = Math.floor(now().getTime() / 1000);
      await recordBackupVerified(
        source.database.db,
        manifest.name,
        manifest.timeMade,
        timeVerified,
      );
    },
  };
}

/** Runs this program again with `args`, in the server's own environment; resolves with stdout. */
function runQuire(args: string[]): Promise<string> {
  const entry = process.argv[1];
  if (entry === undefined) return Promise.reject(new BackupError('no program to run'));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...process.execArgv, entry, ...args], {
      env: { ...process.env, LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      if (stderr.length < 4096) stderr += chunk.toString();
    });
    child.once('error', reject);
    child.once('close', (code) =>
      code === 0
        ? resolve(stdout)
        : reject(new BackupError(stderr.trim().replace(/^quire: /, '') || `exit code ${code}`)),
    );
  });
}

/**
 * Both steps as `quire backup` and `quire backup verify` processes of their own: reading and
 * checksumming every row of a large database then costs the server's event loop and heap
 * nothing, so its requests are not held up.
 */
export function stepsInChildProcesses(): BackupSteps {
  return {
    make: async (dir) => {
      const written = /^Backup written to (.+) \(/m.exec(await runQuire(['backup', dir]))?.[1];
      if (written === undefined) throw new BackupError('quire backup did not say where it wrote');
      return written;
    },
    verify: async (folder) => {
      await runQuire(['backup', 'verify', folder]);
    },
  };
}
