import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { BackupSchedule } from '../src/server/backup/backup-schedule.js';
import { stepsInProcess } from '../src/server/backup/backup-steps.js';
import { openDatabase } from '../src/server/storage/open-database.js';
import { call, createNote, listNotes, signUp } from './helpers/api-client.js';
import { runCli, type ServerProcess, spawnServer } from './helpers/server-process.js';
import { makeTempDir, removeTempDir } from './helpers/temp-dir.js';
import { createTestDatabase, testDatabaseKind } from './helpers/test-database.js';
import { startTestServer, type TestServer } from './helpers/test-server.js';

const HOUR_MS = 3_600_000;
const quiet = { info: () => {}, error: () => {} };

const cleanUp: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const step of cleanUp.splice(0).reverse()) await step();
});

function tempDir(): string {
  const dir = makeTempDir();
  cleanUp.push(() => removeTempDir(dir));
  return dir;
}

async function server(options: Parameters<typeof startTestServer>[0] = {}): Promise<TestServer> {
  const started = await startTestServer(options);
  cleanUp.push(() => started.close());
  return started;
}

const scheduleOf = (running: TestServer, dir: string, clock: () => Date) =>
  new BackupSchedule(
    {
      database: running.database,
      location: running.config.database,
      attachments: running.config.attachments,
    },
    { dir, everyMs: 6 * HOUR_MS, keep: 2 },
    quiet,
    // Made in this process, on the test's clock; the server's own run is the last test's.
    stepsInProcess(
      {
        database: running.database,
        location: running.config.database,
        attachments: running.config.attachments,
      },
      clock,
    ),
    clock,
  );

describe('scheduled backups', () => {
  it('make a backup once BACKUP_EVERY has passed, verify it, and keep the newest BACKUP_KEEP', async () => {
    const dir = tempDir();
    const running = await server({
      config: { backups: { dir, everyMs: 6 * HOUR_MS, keep: 2 } },
    });
    const token = await signUp(running.url);
    await createNote(running.url, token, 'kept');
    let now = Math.floor(Date.now() / 1000) * 1000; // stored times are whole seconds
    const schedule = scheduleOf(running, dir, () => new Date(now));

    const health = async () => (await call(running.url, 'GET', '/api/health')).json;
    expect(await health()).toEqual({
      status: 'ok',
      backup: { timeLastGood: null, timeLastVerified: null },
    });

    const first = await schedule.runIfDue();
    expect(first).toMatchObject({ made: true, verified: true, removed: [] });
    expect(await schedule.runIfDue()).toEqual({ made: false, dueAt: now + 6 * HOUR_MS });
    const made = [first.made ? first.name : ''];
    for (let i = 0; i < 2; i += 1) {
      now += 6 * HOUR_MS;
      const run = await schedule.runIfDue();
      expect(run).toMatchObject({ made: true, verified: true });
      if (run.made) made.push(run.name);
    }
    expect(fs.readdirSync(dir).sort()).toEqual(made.slice(1));
    const seconds = Math.floor(now / 1000);
    expect(await health()).toEqual({
      status: 'ok',
      backup: { timeLastGood: seconds, timeLastVerified: seconds },
    });
  });

  it.runIf(testDatabaseKind === 'postgres')(
    'are made by one instance at a time when several share the database',
    async () => {
      const running = await server();
      const other = await openDatabase(running.config.database);
      cleanUp.push(() => other.close());
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let entered = () => {};
      const inside = new Promise<void>((resolve) => {
        entered = resolve;
      });
      const first = running.database.takeTurn('scheduled-backup', async () => {
        entered();
        await held;
        return 'first';
      });
      await inside;
      expect(await other.takeTurn('scheduled-backup', async () => 'second')).toBeUndefined();
      release();
      expect(await first).toBe('first');
      expect(await other.takeTurn('scheduled-backup', async () => 'second')).toBe('second');
    },
  );

  it('run in the server: a scheduled backup, verified, restores into a fresh location', async () => {
    const source = await createTestDatabase();
    cleanUp.push(() => source.drop());
    const dir = tempDir();
    const before = await startTestServer({ database: source });
    const token = await signUp(before.url);
    const note = await createNote(before.url, token, 'in the scheduled backup');
    await before.close();
    // The first look at the schedule comes as the server starts: no backup is recorded yet.
    const again: ServerProcess = await spawnServer({ DATABASE_URL: source.url, BACKUP_DIR: dir });
    cleanUp.push(async () => {
      if (again.child.exitCode === null) again.child.kill('SIGKILL');
      await again.exited;
    });
    let verified: number | null = null;
    for (let i = 0; i < 300 && verified === null; i += 1) {
      const answer = await call(again.url, 'GET', '/api/health');
      const names = fs.readdirSync(dir).filter((name) => !name.endsWith('.partial'));
      if (names.length > 0) verified = answer.json.backup?.timeLastVerified ?? null;
      if (verified === null) await sleep(100);
    }
    expect(verified).not.toBeNull();
    again.child.kill('SIGTERM');
    await again.exited;

    const backups = fs.readdirSync(dir).filter((name) => !name.endsWith('.partial'));
    const target = await createTestDatabase();
    cleanUp.push(() => target.drop());
    const newest = path.join(dir, backups.sort().at(-1) as string);
    const restored = await runCli(['restore', newest], { DATABASE_URL: target.url });
    expect(restored.code, restored.stderr).toBe(0);
    const after = await server({ database: target });
    expect((await listNotes(after.url, token)).map((listed) => listed.body)).toContain(note.body);
  });
});
