import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { sql } from 'kysely';
import type { Db } from '../db/schema.js';

/** PostgreSQL's own tools are missing: the caller falls back to Quire's logical export. */
export class PostgresToolMissingError extends Error {}

/**
 * The URL without its password, which goes to the tool through its environment instead: a
 * command line is visible to every user of the machine.
 */
function toolConnection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return {
    dbname: parsed.href,
    env: { ...process.env, ...(password === '' ? {} : { PGPASSWORD: password }) },
  };
}

/** Runs one of PostgreSQL's command-line tools; its complaints become the error's message. */
function runTool(tool: string, args: string[], url: string): Promise<void> {
  const { dbname, env } = toolConnection(url);
  return new Promise((resolve, reject) => {
    const child = spawn(tool, [...args, `--dbname=${dbname}`], {
      env,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let complaint = '';
    child.stderr.on('data', (chunk: Buffer) => {
      if (complaint.length < 4096) complaint += chunk.toString();
    });
    child.once('error', (error: NodeJS.ErrnoException) => {
      reject(
        error.code === 'ENOENT'
          ? new PostgresToolMissingError(`${tool} is not installed`)
          : new Error(`${tool} could not start: ${error.message}`),
      );
    });
    child.once('close', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`${tool} failed: ${complaint.trim().split('\n').slice(-3).join(' ')}`));
    });
  });
}

/** Whether `pg_dump` can be run here. */
export async function pgDumpInstalled(): Promise<boolean> {
  return new Promise((resolve) => {
    const child = spawn('pg_dump', ['--version'], { stdio: 'ignore' });
    child.once('error', () => resolve(false));
    child.once('close', (code) => resolve(code === 0));
  });
}

/**
 * Holds one REPEATABLE READ snapshot of the database on one connection and gives its name to
 * `work`, which may hand it to other connections (`pg_dump --snapshot`) and read on `db`. Every
 * reader then sees the same moment; writers are not held up.
 */
export async function inExportedSnapshot<T>(
  db: Db,
  work: (snapshot: string, trx: Db) => Promise<T>,
): Promise<T> {
  return db.connection().execute(async (connection) => {
    await sql`begin isolation level repeatable read read only`.execute(connection);
    try {
      const { rows } = await sql<{ name: string }>`select pg_export_snapshot() as name`.execute(
        connection,
      );
      const name = rows[0]?.name;
      if (!name) throw new Error('PostgreSQL exported no snapshot');
      return await work(name, connection);
    } finally {
      await sql`commit`.execute(connection);
    }
  });
}

/** `pg_dump` of one exported snapshot, in its custom format (compressed, for `pg_restore`). */
export async function dumpSnapshot(url: string, snapshot: string, file: string): Promise<void> {
  await runTool(
    'pg_dump',
    [
      '--format=custom',
      '--no-owner',
      '--no-privileges',
      `--snapshot=${snapshot}`,
      `--file=${file}`,
    ],
    url,
  );
}

/** Loads a dump into an empty database, all or nothing. */
export async function restoreDump(url: string, file: string): Promise<void> {
  await runTool(
    'pg_restore',
    ['--no-owner', '--no-privileges', '--exit-on-error', '--single-transaction', file],
    url,
  );
}

/** Whether a database holds no tables of its own yet. */
export async function postgresIsEmpty(db: Db): Promise<boolean> {
  const { rows } = await sql<{ count: number | string }>`
    select count(*) as count from information_schema.tables
    where table_schema not in ('pg_catalog', 'information_schema')`.execute(db);
  return Number(rows[0]?.count) === 0;
}

/**
 * A database of its own on the same server for as long as `use` runs, then dropped: where a
 * backup is restored to prove it can be. Needs the right to create databases.
 */
export async function withScratchDatabase<T>(
  db: Db,
  url: string,
  use: (url: string) => Promise<T>,
): Promise<T> {
  const name = `quire_scratch_${randomBytes(6).toString('hex')}`;
  await sql`create database ${sql.id(name)}`.execute(db);
  try {
    const scratch = new URL(url);
    scratch.pathname = `/${name}`;
    return await use(scratch.href);
  } finally {
    await sql`drop database if exists ${sql.id(name)} with (force)`.execute(db);
  }
}
