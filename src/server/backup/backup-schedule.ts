import fs from 'node:fs';
import path from 'node:path';
import type { BackupScheduleConfig } from '../config.js';
import { finishedBackups } from './backup-names.js';
import { readBackupTimes } from './backup-records.js';
import { type BackupSteps, stepsInChildProcesses } from './backup-steps.js';
import type { BackupSource } from './make-backup.js';

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
    private readonly steps: BackupSteps = stepsInChildProcesses(),
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Makes a backup if one is due and no other instance is making it. */
  async runIfDue(): Promise<ScheduleRun> {
    const { database } = this.source;
    const ran = await database.takeTurn('scheduled-backup', async () => {
      // Looked at inside the turn: another instance may have just made one.
      const dueAt = await this.dueAt();
      if (dueAt > this.now().getTime()) return { made: false as const, dueAt };
      const folder = await this.steps.make(this.settings.dir);
      const name = path.basename(folder);
      let verified = false;
      try {
        await this.steps.verify(folder);
        verified = true;
      } catch (error) {
        this.log.error({ backup: name, err: error }, 'backup made but its check failed');
      }
      const removed = verified ? this.prune() : [];
      this.log.info({ backup: name, verified, removed }, 'backup made');
      return { made: true as const, name, verified, removed, dueAt: await this.dueAt() };
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
