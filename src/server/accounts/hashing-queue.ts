import { RateLimitedError } from '../domain-errors.js';

/**
 * Admission for password hashing: `concurrency` hashes run at a time, at most `maxWaiting`
 * more wait their turn in arrival order, and anything beyond is refused at once with 503 and
 * a Retry-After from how long the line takes to clear. A flood of logins then costs a bounded
 * amount of CPU and memory and a bounded wait, instead of a backlog that grows without end.
 */
export class HashingQueue {
  private running = 0;
  private readonly waiting: Array<() => void> = [];
  /** A running average of how long one hash takes, for Retry-After. */
  private averageMs = 1000;

  constructor(
    readonly concurrency: number,
    readonly maxWaiting: number,
  ) {}

  async run<T>(task: () => Promise<T>): Promise<T> {
    if (this.running >= this.concurrency) {
      if (this.waiting.length >= this.maxWaiting) throw this.busy();
      await new Promise<void>((resolve) => this.waiting.push(resolve));
    } else {
      this.running += 1;
    }
    const startedMs = performance.now();
    try {
      return await task();
    } finally {
      this.averageMs = 0.8 * this.averageMs + 0.2 * (performance.now() - startedMs);
      const next = this.waiting.shift();
      // The slot passes straight to the next in line, so no late arrival can take it first.
      if (next) next();
      else this.running -= 1;
    }
  }

  /** How many hashes run and wait right now. */
  get load(): { running: number; waiting: number } {
    return { running: this.running, waiting: this.waiting.length };
  }

  private busy(): RateLimitedError {
    const rounds = Math.ceil((this.waiting.length + this.running) / this.concurrency);
    const retryAfter = Math.max(1, Math.ceil((rounds * this.averageMs) / 1000));
    return new RateLimitedError(
      `The server is busy checking passwords; try again in ${retryAfter} seconds`,
      retryAfter,
      'unavailable',
    );
  }
}
