import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';

export interface Machine {
  summary: string;
  sqliteVersion: string;
  /** Mean time of one single-row commit with WAL + synchronous=FULL in `dir`. */
  commitMs: number;
}

const PROBE_COMMITS = 200;

/**
 * What the numbers depend on: cores, Node, SQLite, and above all how long an fsync'd commit
 * takes on this disk, which caps any durable write rate whatever the server does.
 */
export function describeMachine(dir: string): Machine {
  const cpus = os.cpus();
  const model = cpus[0]?.model.trim() ?? 'unknown CPU';
  const summary =
    `${cpus.length} CPUs (${model}), ${(os.totalmem() / 2 ** 30).toFixed(1)} GiB RAM, ` +
    `Node ${process.version}, ${os.platform()} ${os.release()} ${os.arch()}`;
  const file = path.join(dir, 'commit-probe.db');
  const db = new SQLite(file);
  try {
    db.pragma('journal_mode = WAL');
    db.pragma('synchronous = FULL');
    db.exec('CREATE TABLE probe (id INTEGER PRIMARY KEY, body TEXT NOT NULL)');
    const insert = db.prepare('INSERT INTO probe (body) VALUES (?)');
    const body = 'x'.repeat(1024);
    insert.run(body);
    const start = performance.now();
    for (let i = 0; i < PROBE_COMMITS; i += 1) insert.run(body);
    const commitMs = (performance.now() - start) / PROBE_COMMITS;
    const { version } = db.prepare('SELECT sqlite_version() AS version').get() as {
      version: string;
    };
    return { summary, sqliteVersion: version, commitMs };
  } finally {
    db.close();
    for (const suffix of ['', '-wal', '-shm']) fs.rmSync(`${file}${suffix}`, { force: true });
  }
}

/** Idle share of all CPUs since `from` (os.cpus() times), and the times to measure from next. */
function idleShareSince(from: os.CpuInfo[]): { idle: number; now: os.CpuInfo[] } {
  const now = os.cpus();
  let idle = 0;
  let total = 0;
  now.forEach((cpu, i) => {
    const before = from[i]?.times;
    if (!before) return;
    for (const key of Object.keys(cpu.times) as (keyof os.CpuInfo['times'])[]) {
      const spent = cpu.times[key] - before[key];
      total += spent;
      if (key === 'idle') idle += spent;
    }
  });
  return { idle: total > 0 ? idle / total : 1, now };
}

/**
 * Waits, at most `maxMs`, for a second in which the CPUs were at least 90 % idle: what an
 * earlier section left running (a database tidying up after 140,000 notes) would otherwise
 * fall on the next one. Answers the seconds waited, and whether the machine became quiet.
 */
export async function waitForQuietCpus(
  maxMs = 60_000,
): Promise<{ seconds: number; quiet: boolean }> {
  const start = performance.now();
  let times = os.cpus();
  while (performance.now() - start < maxMs) {
    await new Promise((resolve) => setTimeout(resolve, 1_000)); // one second of CPU times
    const sample = idleShareSince(times);
    times = sample.now;
    if (sample.idle >= 0.9) return { seconds: (performance.now() - start) / 1000, quiet: true };
  }
  return { seconds: maxMs / 1000, quiet: false };
}
