import { RateLimitedError } from '../domain-errors.js';

/** An import takes seconds; a client told to wait tries again after this. */
const RETRY_AFTER_SECONDS = 5;

/**
 * Lets one import run per account, and a few at once in all, in this process: each holds a
 * worker with a heap of its own and the notes it read, so the count bounds the memory imports
 * take. With several instances, each keeps its own count.
 */
export class ImportAdmission {
  private readonly running = new Set<string>();

  constructor(private readonly atOnce: number) {}

  /** Takes a place for the account's import, or refuses with 429; the answer gives it back. */
  admit(userId: string): () => void {
    if (this.running.has(userId)) {
      throw new RateLimitedError(
        'Another import of yours is under way; send this file when it is done',
        RETRY_AFTER_SECONDS,
      );
    }
    if (this.running.size >= this.atOnce) {
      throw new RateLimitedError(
        'The server is busy with other imports; try again in a few seconds',
        RETRY_AFTER_SECONDS,
      );
    }
    this.running.add(userId);
    let held = true;
    return () => {
      if (held) this.running.delete(userId);
      held = false;
    };
  }
}
