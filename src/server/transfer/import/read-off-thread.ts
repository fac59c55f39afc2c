import { Worker } from 'node:worker_threads';
import { DomainError } from '../../domain-errors.js';
import { unreadableImport } from './import-error.js';
import type { ImportJob, ImportOutcome } from './import-worker.js';
import type { ParsedImport } from './imported-note.js';

/** What reading one file may take before it is stopped. */
export interface ReadLimits {
  /** From the moment the worker has the file. */
  timeoutMs: number;
  /** Aborted when nobody waits for the answer any more (the client went away). */
  signal?: AbortSignal;
  /** Told of a failure that is a fault in Quire rather than in the file. */
  onFault?: (error: Error) => void;
}

// The worker is the module beside this one: TypeScript when Quire runs from its sources (under
// tsx or the test runner), which the worker loads after registering tsx's loader in itself;
// JavaScript when built.
const fromSources = import.meta.url.endsWith('.ts');
const WORKER_DATA = {
  entry: new URL(`./import-worker.${fromSources ? 'ts' : 'js'}`, import.meta.url).href,
  loader: fromSources ? import.meta.resolve('tsx/esm/api') : undefined,
};
// Plain JavaScript, as the checkpoint worker's, so that starting it needs no loader itself.
const BOOTSTRAP = `
const { workerData } = require('node:worker_threads');
(async () => {
  if (workerData.loader) (await import(workerData.loader)).register();
  await import(workerData.entry);
})();
`;

/** The bytes as the worker's own: moved when the buffer is theirs alone, else copied. */
function ownBytes(data: Uint8Array): Uint8Array {
  const whole = data.byteOffset === 0 && data.byteLength === data.buffer.byteLength;
  return whole && data.buffer instanceof ArrayBuffer ? data : new Uint8Array(data);
}

interface PendingRead {
  name: string;
  limits: ReadLimits;
  resolve(parsed: ParsedImport): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
  onAbort(): void;
}

const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;
/** A worker that has not started in this long never will (it loads in well under a second). */
const START_TIMEOUT_MS = 30_000;

/**
 * A worker thread that reads uploaded files, so that a slow or huge file holds up no other
 * request: each file is read under a time limit, in a heap of the worker's own, and a file past
 * either is refused alone (422, naming it) and the worker ended. The file's bytes are moved to
 * it, not copied. Files are read one at a time; a worker that was ended reads no more.
 */
export class ImportReader {
  private readonly worker: Worker;
  private readonly started: Promise<void>;
  private pending: PendingRead | undefined;
  /** Why the worker is gone, once it is. */
  private ended: string | undefined;

  /** `heapMb` bounds the worker's V8 heap (its old generation); a file needing more is refused. */
  constructor(heapMb: number) {
    this.worker = new Worker(BOOTSTRAP, {
      eval: true,
      workerData: WORKER_DATA,
      resourceLimits: { maxOldGenerationSizeMb: heapMb },
    });
    this.started = new Promise((resolve) => this.worker.once('message', () => resolve()));
    this.worker.on('message', (message: 'ready' | ImportOutcome) => {
      if (message !== 'ready') this.answered(message);
    });
    this.worker.on('error', (error: Error & { code?: string }) => {
      if (error.code === 'ERR_WORKER_OUT_OF_MEMORY') {
        this.stop('reading it needs more memory than an import may use');
      } else this.stop(`it could not be read (${error.message})`, error);
    });
    this.worker.on('exit', () => {
      this.stop('it could not be read (the reader stopped)', new Error('the reader stopped'));
    });
  }

  /** Reads one file; rejects with a 422 naming the file when it cannot be imported. */
  read(job: ImportJob, limits: ReadLimits): Promise<ParsedImport> {
    if (this.pending) return Promise.reject(new Error('the reader is busy'));
    if (this.ended) return Promise.reject(unreadableImport(job.name, this.ended));
    return new Promise<ParsedImport>((resolve, reject) => {
      const read: PendingRead = {
        name: job.name,
        limits,
        resolve,
        reject,
        timer: setTimeout(
          () => this.stop(`starting the reader took longer than ${seconds(START_TIMEOUT_MS)}`),
          START_TIMEOUT_MS,
        ),
        onAbort: () => this.stop('the upload ended before it was read'),
      };
      this.pending = read;
      limits.signal?.addEventListener('abort', read.onAbort, { once: true });
      if (limits.signal?.aborted) return read.onAbort();
      void this.started.then(() => {
        if (this.pending !== read) return;
        clearTimeout(read.timer);
        read.timer = setTimeout(() => {
          const took = `reading it took longer than ${seconds(limits.timeoutMs)}`;
          this.stop(`${took}; split it into smaller files`);
        }, limits.timeoutMs);
        const data = ownBytes(job.data);
        this.worker.postMessage({ ...job, data } satisfies ImportJob, [data.buffer as ArrayBuffer]);
      });
    });
  }

  /** Ends the worker; a file being read is refused. */
  async close(): Promise<void> {
    this.stop('the reader was closed');
    await this.worker.terminate();
  }

  private answered(outcome: ImportOutcome): void {
    const read = this.take();
    if (!read) return;
    if ('parsed' in outcome) read.resolve(outcome.parsed);
    else if ('refused' in outcome)
      read.reject(new DomainError('unreadable_import', outcome.refused));
    else {
      read.limits.onFault?.(new Error(outcome.broken));
      read.reject(unreadableImport(read.name, `it could not be read (${outcome.broken})`));
    }
  }

  /** Ends the worker, abandoning what it was doing; the file being read fails with `why`. */
  private stop(why: string, fault?: Error): void {
    if (!this.ended) {
      this.ended = why;
      void this.worker.terminate();
    }
    const read = this.take();
    if (!read) return;
    if (fault) read.limits.onFault?.(fault);
    read.reject(unreadableImport(read.name, why));
  }

  private take(): PendingRead | undefined {
    const read = this.pending;
    this.pending = undefined;
    if (read) {
      clearTimeout(read.timer);
      read.limits.signal?.removeEventListener('abort', read.onAbort);
    }
    return read;
  }
}

/** Reads one uploaded file on a worker of its own, ended once it has answered. */
export async function readImportOffThread(
  job: ImportJob,
  limits: ReadLimits & { heapMb: number },
): Promise<ParsedImport> {
  const reader = new ImportReader(limits.heapMb);
  try {
    return await reader.read(job, limits);
  } finally {
    await reader.close();
  }
}
