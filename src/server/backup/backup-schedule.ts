import fs from 'node:fs';
import path from 'node:path';
import type { BackupScheduleConfig } from '../config.js';
import { finishedBackups } from './backup-names.js';
import { readBackupTimes, recordBackupVerified } from './backup-records.js';
import { type BackupSource, makeBackup } from './make-backup.js';
import { verifyBackup } from './verify-backup.js';

/** The longest wait between looks at whether a backup is due: another instance may make it. */
const LONGEST_WAIT_MS = 60 * 60_000;
const SHORTEST_WAIT_MS = 1_000;
/** After a failed backup, the next try comes this soon (or after BACKUP_EVERY, if sooner). */
const RETRY_MS = 10 * 60_000;

export interface ScheduleLog {
  info(details: object, message: string): void;
  error(details: object, message: string): void;
}

/** What one look at the schedule did. */
export type ScheduleRun =
  | { made: false; dueAt: number }
  | { made: true; name: string; verified: boolean; removed: string[]; dueAt: number };

/**
 * Backups on a schedule (BACKUP_DIR, BACKUP_EVERY, BACKUP_KEEP), in the server process: when the
 * newest backup the database records is BACKUP_EVERY old, one instance makes the next, restores
 * it into a scratch database to check it, and removes all but the newest BACKUP_KEEP.
 */
export class BackupSchedule {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<unknown> | undefined;
  private stopped = false;

  constructor(
    private readonly source: BackupSource,
    private readonly settings: BackupScheduleConfig,
    private readonly log: ScheduleLog,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Makes a backup if one is due and no other instance is making it. */
  async runIfDue(): Promise<ScheduleRun> {
    const { database } = this.source;
    const ran = await database.takeTurn('scheduled-backup', async () => {
      // Looked at inside the turn: another instance may have just made one.
      const dueAt = await this.dueAt();
      if (dueAt > this.now().getTime()) return { made: false as const, dueAt };
      const made = await makeBackup(this.source, this.settings.dir, this.now());
      let verified = false;
      try {
        await verifyBackup(made.folder, this.source.location);
        const timeVerified = Math.floor(this.now().getTime() / 1000);
        await recordBackupVerified(database.db, made.name, made.manifest.timeMade, timeVerified);
        verified = true;
      } catch (error) {
        this.log.error({ backup: made.name, err: error }, 'backup made but its check failed');
      }
      const removed = verified ? this.prune() : [];
      this.log.info({ backup: made.name, verified, removed }, 'backup made');
      return { made: true as const, name: made.name, verified, removed, dueAt: await this.dueAt() };
    });
    return ran ?? { made: false, dueAt: this.now().getTime() + this.settings.everyMs };
  }

  /** Looks at once, then whenever the next backup is due. */
  start(): void {
    this.schedule(0);
  }

  /** Stops looking; waits for a backup under way. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.running?.catch(() => {});
  }

  private async dueAt(): Promise<number> {
    const { timeLastGood } = await readBackupTimes(this.source.database.db);
    return timeLastGood === null ? 0 : timeLastGood * 1000 + this.settings.everyMs;
  }

  /** Removes finished backups beyond the newest BACKUP_KEEP; returns their names. */
  private prune(): string[] {
    const finished = finishedBackups(this.settings.dir);
    const old = finished.slice(0, Math.max(0, finished.length - this.settings.keep));
    for (const name of old) {
      fs.rmSync(path.join(this.settings.dir, name), { recursive: true, force: true });
    }
    return old;
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    const wait = Math.min(Math.max(delayMs, SHORTEST_WAIT_MS), LONGEST_WAIT_MS);
    this.timer = setTimeout(() => {
      const run = this.runIfDue().then(
        (result) => this.schedule(result.dueAt - this.now().getTime()),
        (error) => {
          this.log.error({ err: error }, 'scheduled backup failed');
          this.schedule(Math.min(RETRY_MS, this.settings.everyMs));
        },
      );
      this.running = run;
    }, wait);
    this.timer.unref();
  }
}
