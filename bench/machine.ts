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
