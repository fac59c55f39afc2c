import fs from 'node:fs';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { SingleFlight } from '../../shared/single-flight.js';

/** The WAL's size at which copying it back begins: SQLite's own default, 1,000 pages. */
export const CHECKPOINT_AFTER_BYTES = 4 * 1024 * 1024;
/**
 * Writes that come together are copied back together, this long after the first of them. A busy
 * note's pages are rewritten by every save: copying them back once a second instead of ten
 * times costs the process less CPU per save (measured under the update load).
 */
const CHECKPOINT_DELAY_MS = 1000;

/** What SQLite answers to `pragma wal_checkpoint`. */
export interface CheckpointResult {
  busy: number;
  /** Frames in the WAL… */
  log: number;
  /** …and how many of them are now in the database file. */
  checkpointed: number;
}

// Plain JavaScript run as the worker's source, so that it needs no build step or loader in any
// of the ways Quire runs (built, under tsx, under the test runner).
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.driver);
const db = new Database(workerData.file, { fileMustExist: true });
parentPort.on('message', (message) => {
  if (message === 'close') {
    db.close();
    parentPort.close();
    return;
  }
  parentPort.postMessage(db.pragma('wal_checkpoint(PASSIVE)')[0]);
});
`;

const driverPath = createRequire(import.meta.url).resolve('better-sqlite3');

/**
 * Copies the WAL back into the database file on a worker thread with a connection of its own,
 * instead of in the commit that crosses SQLite's threshold: that copy reads and writes every
 * page the WAL holds and syncs the file, a pause of several milliseconds for every request
 * waiting on the event loop. A passive checkpoint never blocks a writer or a reader; the writer
 * starts the WAL over once a checkpoint has copied all of it. The writer's own checkpoint stays
 * as a backstop at a higher threshold, for writes that never pause long enough for a whole one.
 */
export class WalCheckpointer {
  private worker: Worker | undefined;
  private timer: NodeJS.Timeout | undefined;
  private readonly checkpoints = new SingleFlight<CheckpointResult>();
  private closed = false;

  constructor(
    private readonly databaseFile: string,
    private readonly events: {
      /** The worker could not checkpoint; it is stopped, and the writer should do it again. */
      onFailure(error: Error): void;
      onCheckpoint?(result: CheckpointResult): void;
    },
  ) {}

  /** A commit wrote to the WAL: a checkpoint follows shortly, once the WAL is worth copying. */
  committed(): void {
    if (this.timer || this.closed) return;
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.checkpointIfDue();
    }, CHECKPOINT_DELAY_MS);
    this.timer.unref();
  }

  /** Copies what the WAL holds now into the database file; resolves with SQLite's counts. */
  checkpoint(): Promise<CheckpointResult> {
    if (this.closed) return Promise.reject(new Error('the checkpointer is closed'));
    return this.checkpoints.run(() => this.runOnWorker());
  }

  /** Waits for a checkpoint under way, then lets the worker and its connection go. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.checkpoints.running?.catch(() => {});
    const worker = this.worker;
    this.worker = undefined;
    if (!worker) return;
    const exited = new Promise<void>((resolve) => worker.once('exit', () => resolve()));
    worker.ref();
    worker.postMessage('close');
    await exited;
  }

  private async checkpointIfDue(): Promise<void> {
    if (this.closed || this.walBytes() < CHECKPOINT_AFTER_BYTES) return;
    try {
      const result = await this.checkpoint();
      this.events.onCheckpoint?.(result);
    } catch (error) {
      if (this.closed) return;
      this.closed = true;
      this.events.onFailure(error as Error);
    }
  }

  /** The WAL file's size: it is written over from its start again, not shrunk, once copied. */
  private walBytes(): number {
    try {
      return fs.statSync(`${this.databaseFile}-wal`).size;
    } catch {
      return 0;
    }
  }

  private runOnWorker(): Promise<CheckpointResult> {
    const worker = this.startWorker();
    return new Promise<CheckpointResult>((resolve, reject) => {
      const settle = () => {
        worker.unref();
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
      };
      const onMessage = (result: CheckpointResult) => {
        settle();
        resolve(result);
      };
      const onError = (error: Error) => {
        settle();
        reject(error);
      };
      const onExit = () => {
        settle();
        reject(new Error('the checkpoint worker stopped'));
      };
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      // Held while it works, so that a process ending with `close()` waits for the answer.
      worker.ref();
      worker.postMessage('checkpoint');
    });
  }

  private startWorker(): Worker {
    if (this.worker) return this.worker;
    const worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { driver: driverPath, file: this.databaseFile },
    });
    worker.once('exit', () => {
      if (this.worker === worker) this.worker = undefined;
    });
    // An idle worker does not keep the process alive.
    worker.unref();
    this.worker = worker;
    return worker;
  }
}
