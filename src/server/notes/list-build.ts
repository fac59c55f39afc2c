import type { ListRead } from './serialized-list.js';

/**
 * One reading of a user's list, shared by everyone who asks for it while it is current: its
 * bytes are kept as they are read, and each reader streams them from the first, so the first
 * notes go out long before a long list is read, and 32 readers still hold one copy.
 */
export class ListBuild {
  readonly cursor: string;
  /** The whole list, once read, when it is small enough to keep. */
  whole: Buffer | undefined;
  /**
   * Resolves once the list is read: with the whole of it, or undefined when it is too long to
   * keep or could not be read (its readers get the error).
   */
  readonly finished: Promise<Buffer | undefined>;
  private readonly parts: Buffer[] = [];
  private done = false;
  private failed = false;
  private failure: unknown;
  private waiting: (() => void)[] = [];

  constructor(read: ListRead, keepBytes: number) {
    this.cursor = read.cursor;
    this.finished = this.take(read.chunks, keepBytes);
  }

  /** The list's bytes from the first, as fast as they are read. */
  async *chunks(): AsyncGenerator<Buffer> {
    for (let next = 0; ; ) {
      const part = this.parts[next];
      if (part) {
        next += 1;
        yield part;
      } else if (this.failed) throw this.failure;
      else if (this.done) return;
      else await new Promise<void>((resolve) => this.waiting.push(resolve));
    }
  }

  private async take(
    chunks: AsyncIterable<Buffer>,
    keepBytes: number,
  ): Promise<Buffer | undefined> {
    let size = 0;
    try {
      for await (const chunk of chunks) {
        this.parts.push(chunk);
        size += chunk.length;
        this.wake();
      }
      if (size <= keepBytes) this.whole = Buffer.concat(this.parts, size);
      return this.whole;
    } catch (error) {
      this.failed = true;
      this.failure = error;
      return undefined;
    } finally {
      this.done = true;
      this.wake();
    }
  }

  private wake(): void {
    for (const resolve of this.waiting.splice(0)) resolve();
  }
}
