import type { ScryptOptions } from 'node:crypto';
import { Worker } from 'node:worker_threads';

// Plain JavaScript run as the worker's source, so that it needs no build step or loader in any
// of the ways Quire runs (built, under tsx, under the test runner).
const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
const { scryptSync } = require('node:crypto');
parentPort.on('message', ({ password, salt, keyLength, options }) => {
  try {
    parentPort.postMessage({ key: scryptSync(password, Buffer.from(salt), keyLength, options) });
  } catch (error) {
    parentPort.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
});
`;

export interface ScryptJob {
  password: string;
  salt: Buffer;
  keyLength: number;
  options: ScryptOptions;
}

/**
 * scrypt on worker threads of its own rather than on Node's libuv pool. That pool also runs
 * the fdatasync every SQLite save waits for; a pool busy with hashes made saves wait behind
 * them. Its size cannot be set from inside the process on Node 20 (an ES module entry starts
 * the pool before its first line runs), so hashes get their own threads and the whole pool is
 * left to file work. One job at a time per thread; `HashingQueue` keeps callers to that.
 */
export class ScryptThreads {
  private readonly idle: Worker[] = [];

  run(job: ScryptJob): Promise<Buffer> {
    const worker = this.idle.pop() ?? this.start();
    return new Promise<Buffer>((resolve, reject) => {
      const settle = (healthy: boolean) => {
        worker.off('message', onMessage);
        worker.off('error', onError);
        worker.off('exit', onExit);
        if (!healthy) return;
        // An idle thread does not keep the process alive.
        worker.unref();
        this.idle.push(worker);
      };
      const onMessage = (message: { key?: Uint8Array; error?: string }) => {
        settle(true);
        if (message.key) resolve(Buffer.from(message.key));
        else reject(new Error(`scrypt failed: ${message.error}`));
      };
      const onError = (error: Error) => {
        settle(false);
        reject(error);
      };
      const onExit = () => {
        settle(false);
        reject(new Error('the scrypt thread stopped'));
      };
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.on('exit', onExit);
      // Held while it works, so that a command waiting for a hash is not cut short.
      worker.ref();
      worker.postMessage(job);
    });
  }

  private start(): Worker {
    return new Worker(WORKER_SOURCE, { eval: true });
  }
}
