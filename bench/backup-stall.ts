/**
 * How long a backup holds up writers: editors save notes in a closed loop on a sizeable
 * database while a backup is made, first by the server's own schedule (the backup and its
 * check, both in the server process), then by `quire backup` run beside it. Each save's answer
 * time is reported for a quiet stretch and for each backup; the longest is the stall. Run with
 * `node --import tsx bench/backup-stall.ts`; loopback only, it stops by itself.
 *
 * BACKUP_STALL_NOTES (default 20000, of about 4 KiB each); BENCH_POSTGRES_URL as for the whole
 * bench (a scratch database there; '' skips PostgreSQL).
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createNote, inParallel, signUp } from './api.js';
import { createScratchDatabase } from './postgres-scratch.js';
import { buildRequest, RawConnection } from './raw-http.js';
import { print, progress } from './report.js';
import { REPO_ROOT, type ServerProcess, startServer } from './server-process.js';
import { loadSettings } from './settings.js';
import { type LatencySummary, summarize } from './stats.js';
import { bytes, count, formatTable, ms } from './table.js';

const NOTES = Number(process.env.BACKUP_STALL_NOTES ?? 20_000);
const QUIET_MS = 5_000;
const EDITORS = 2;
const EDITED_NOTES = 200;
const BODY = `${'A line of a note that is long enough to be a real paragraph of text. '.repeat(58)}\n`;

interface NoteRef {
  id: string;
  body: string;
}

interface Saves {
  latency: LatencySummary;
  errors: number;
  ms: number;
}

/** Editors saving one note after another until `until` resolves. */
async function saveUntil(
  server: ServerProcess,
  token: string,
  notes: NoteRef[],
  until: Promise<unknown>,
): Promise<Saves> {
  let done = false;
  const finished = until.finally(() => {
    done = true;
  });
  const startedAt = performance.now();
  const latencies: number[] = [];
  let errors = 0;
  let counter = 0;
  const editor = async (lane: number) => {
    const connection = new RawConnection(server.port);
    try {
      while (!done) {
        counter += 1;
        const note = notes[(counter * EDITORS + lane) % notes.length] as NoteRef;
        const body = `${note.body}edit ${counter}\n`;
        const request = buildRequest(
          'PUT',
          '/api/notes',
          { token, 'content-type': 'application/json' },
          JSON.stringify({ id: note.id, body }),
        );
        const begin = performance.now();
        const response = await connection.request(request);
        latencies.push(performance.now() - begin);
        if (response.status !== 200) errors += 1;
      }
    } finally {
      connection.close();
    }
  };
  await Promise.all([finished, ...Array.from({ length: EDITORS }, (_, lane) => editor(lane))]);
  return { latency: summarize(latencies), errors, ms: performance.now() - startedAt };
}

/** `quire backup DIR` as its own process, as a cron job would run it. */
function cliBackup(databaseUrl: string, dir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'src/server/main.ts', 'backup', dir],
      {
        cwd: REPO_ROOT,
        env: { ...process.env, DATABASE_URL: databaseUrl, LOG_LEVEL: 'silent' },
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`quire backup failed: ${stderr}`)),
    );
  });
}

/** How long a scheduled backup and its check may take before the bench gives up. */
const BACKUP_WAIT_MS = 10 * 60_000;

/** Resolves once the server reports a verified backup (health has no push to wait on). */
async function scheduledBackupVerified(server: ServerProcess): Promise<void> {
  const giveUpAt = Date.now() + BACKUP_WAIT_MS;
  while (Date.now() < giveUpAt) {
    const health = (await (await fetch(`${server.url}/api/health`)).json()) as {
      backup?: { timeLastVerified: number | null };
    };
    if (health.backup?.timeLastVerified) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('the scheduled backup was not verified in time');
}

function folderBytes(dir: string): number {
  return fs
    .readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .reduce((sum, entry) => sum + fs.statSync(path.join(entry.parentPath, entry.name)).size, 0);
}

async function measure(label: string, databaseUrl: string, dir: string): Promise<string[][]> {
  const backups = path.join(dir, `backups-${label.replace(/\W+/g, '-')}`);
  const serve = (env: Record<string, string> = {}) =>
    startServer({
      name: `Quire ${label}`,
      script: 'src/server/main.ts',
      args: ['serve'],
      env: {
        DATABASE_URL: databaseUrl,
        ALLOW_SIGNUP: 'true',
        LOG_LEVEL: 'warn',
        SCRYPT_COST: '10',
        ...env,
      },
    });
  let server = await serve();
  const token = await signUp(server.url, `stall-${label.length}@example.com`);
  progress(`${label}: creating ${count(NOTES)} notes`);
  const created = await inParallel(Array.from({ length: NOTES }), 8, (_, n) =>
    createNote(server.url, token, `# Note ${n}\n\n${BODY}`),
  );
  const notes = created.slice(0, EDITED_NOTES);
  progress(`${label}: saving for ${QUIET_MS / 1000} s with no backup`);
  const quiet = await saveUntil(
    server,
    token,
    notes,
    new Promise((resolve) => setTimeout(resolve, QUIET_MS)),
  );
  await server.stop();

  // Restarted with BACKUP_DIR, the server makes its first backup at once, then checks it.
  server = await serve({ BACKUP_DIR: backups });
  try {
    progress(`${label}: saving while the server makes and verifies its scheduled backup`);
    const scheduled = await saveUntil(server, token, notes, scheduledBackupVerified(server));
    const size = folderBytes(backups);
    progress(`${label}: saving while "quire backup" runs beside the server`);
    const cli = await saveUntil(server, token, notes, cliBackup(databaseUrl, backups));
    const row = (what: string, saves: Saves) => [
      label,
      what,
      count(saves.latency.count),
      ms(saves.latency.p50),
      ms(saves.latency.p99),
      ms(saves.latency.max),
      String(saves.errors),
      `${(saves.ms / 1000).toFixed(1)} s`,
    ];
    return [
      row('no backup', quiet),
      row(`scheduled backup + check (${bytes(size)})`, scheduled),
      row('quire backup, beside it', cli),
    ];
  } finally {
    await server.stop();
  }
}

/** Prints the table of save times with and without backups; `postgresUrl` '' skips PostgreSQL. */
export async function backupStallSection(tempDir: string, postgresUrl: string): Promise<void> {
  const dir = fs.mkdtempSync(path.join(tempDir, 'backup-stall-'));
  const cleanUps: (() => Promise<void>)[] = [];
  try {
    const rows = await measure('SQLite', path.join(dir, 'quire.db'), dir);
    if (postgresUrl !== '') {
      const scratch = await createScratchDatabase(postgresUrl);
      if ('skipped' in scratch) print(`PostgreSQL skipped: ${scratch.skipped}`);
      else {
        cleanUps.push(scratch.drop);
        rows.push(...(await measure('PostgreSQL', scratch.url, dir)));
      }
    }
    print(`Saves during backups — ${count(NOTES)} notes of ~4 KiB, ${EDITORS} editors`);
    print(
      formatTable(['Database', 'While', 'Saves', 'p50', 'p99', 'Longest', 'Errors', 'Took'], rows),
    );
  } finally {
    for (const step of cleanUps) await step().catch(() => {});
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  // An interrupted run still stops its server (server-process.ts kills it on exit).
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => process.exit(130));
  }
  const tempDir = fs.mkdtempSync(path.join(os.tmpdir(), 'quire-backup-stall-'));
  try {
    print(`${os.cpus().length} cores, Node ${process.version}`);
    await backupStallSection(tempDir, loadSettings().postgresUrl);
  } finally {
    fs.rmSync(tempDir, { recursive: true, force: true });
  }
}
