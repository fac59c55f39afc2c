import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

const fdatasync = promisify(fs.fdatasync);

/**
 * Group commit for SQLite in WAL mode with synchronous=NORMAL: a commit writes its frames to
 * the WAL without syncing, and `synced()` resolves once the WAL is on disk. Writes committed
 * together share one fdatasync, and it runs on the thread pool instead of the event loop.
 * A sync that started before a commit cannot cover it, so such a commit joins the next one.
 */
export class WalGroupSync {
  private fd: number | undefined;
  private inFlight: Promise<void> | undefined;
  private queued: Promise<void> | undefined;

  constructor(
    private readonly databaseFile: string,
    private readonly syncFile: (fd: number) => Promise<void> = fdatasync,
  ) {}

  /** The WAL exists once the database was opened in WAL mode; its directory entry is synced once. */
  prepare(): void {
    const directory = fs.openSync(path.dirname(path.resolve(this.databaseFile)), 'r');
    try {
      fs.fsyncSync(directory);
    } finally {
      fs.closeSync(directory);
    }
  }

  /** Resolves when every commit made before the call is on disk. */
  synced(): Promise<void> {
    if (this.queued) return this.queued;
    const running = this.inFlight;
    if (!running) return this.start();
    const next = running
      .catch(() => {})
      .then(() => {
        this.queued = undefined;
        return this.start();
      });
    this.queued = next;
    return next;
  }

  /** Waits for the syncs under way, then lets the WAL go. */
  async close(): Promise<void> {
    await (this.queued ?? this.inFlight)?.catch(() => {});
    if (this.fd !== undefined) fs.closeSync(this.fd);
    this.fd = undefined;
  }

  private start(): Promise<void> {
    this.fd ??= fs.openSync(`${this.databaseFile}-wal`, 'r');
    const sync = this.syncFile(this.fd).finally(() => {
      if (this.inFlight === sync) this.inFlight = undefined;
    });
    this.inFlight = sync;
    return sync;
  }
}
