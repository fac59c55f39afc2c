import type { FastifyBaseLogger } from 'fastify';
import { SingleFlight } from '../../shared/single-flight.js';

/** An index kept by a queue of changed notes that it works off. */
export interface CatchUpIndex {
  /** Whether any note waits to be indexed (only `userId`'s, if given). */
  behind(userId?: string): Promise<boolean>;
  /** Indexes up to `limit` waiting notes in one transaction; returns how many it took. */
  catchUp(options: { userId?: string; limit: number }): Promise<number>;
  /**
   * A bounded step of upkeep the index defers while writes go on (merging its segments);
   * resolves to whether more remains.
   */
  tidy?(): Promise<boolean>;
}

export interface KeeperTimings {
  /** The index catches up once writes have paused this long… */
  quietMs: number;
  /** …or once the oldest waiting write is this old, while writes go on. */
  maxDelayMs: number;
  /** Notes per transaction, so a long catch-up never holds the event loop for long. */
  chunk: number;
}

export const DEFAULT_KEEPER_TIMINGS: KeeperTimings = {
  quietMs: 1_000,
  maxDelayMs: 5_000,
  chunk: 25,
};

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Brings the search index up to date after the writes rather than with each one: a note saved
 * on every keystroke is indexed once a pause, not once a save. Searches stay exact,
 * since `upToDate(userId)` indexes that user's waiting notes before a search reads the index.
 */
export class SearchIndexKeeper {
  private timer: NodeJS.Timeout | undefined;
  private firstWrite: number | undefined;
  private lastWrite = 0;
  private readonly catchUps = new SingleFlight<void>();
  private closed = false;
  /** The index took notes since it was last tidied. */
  private untidy = false;

  constructor(
    private readonly index: CatchUpIndex,
    private readonly log: Pick<FastifyBaseLogger, 'warn'>,
    private readonly timings: KeeperTimings = DEFAULT_KEEPER_TIMINGS,
  ) {}

  /** A write committed; the index catches up when writes pause, or after `maxDelayMs`. */
  written(): void {
    const now = performance.now();
    this.lastWrite = now;
    this.firstWrite ??= now;
    if (!this.timer && !this.closed) this.arm(this.timings.quietMs);
  }

  /** Resolves once every note of `userId` saved before the call is in the index. */
  async upToDate(userId: string): Promise<void> {
    while (await this.index.behind(userId)) {
      await this.index.catchUp({ userId, limit: this.timings.chunk });
    }
  }

  /** Indexes every waiting note now, e.g. after a bulk load; resolves when none waits. */
  catchUpAll(): Promise<void> {
    return this.catchUps.run(() => this.workOff());
  }

  /** Stops the timer and waits for a catch-up under way; what still waits is indexed later. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    this.timer = undefined;
    await this.catchUps.running;
  }

  private arm(delayMs: number): void {
    this.timer = setTimeout(() => this.tick(), delayMs);
    this.timer.unref();
  }

  private tick(): void {
    this.timer = undefined;
    const now = performance.now();
    const quietLeft = this.timings.quietMs - (now - this.lastWrite);
    const delayLeft = this.timings.maxDelayMs - (now - (this.firstWrite ?? now));
    if (quietLeft > 0 && delayLeft > 0) {
      this.arm(Math.min(quietLeft, delayLeft));
      return;
    }
    this.firstWrite = undefined;
    const quiet = quietLeft <= 0;
    this.catchUpAll()
      .then(() => (quiet ? this.tidy() : undefined))
      .catch((error: unknown) =>
        this.log.warn({ err: error }, 'the search index could not catch up; it will try again'),
      );
  }

  private async workOff(): Promise<void> {
    while (!this.closed && (await this.index.behind())) {
      if ((await this.index.catchUp({ limit: this.timings.chunk })) > 0) this.untidy = true;
      await nextTurn(); // requests waiting meanwhile go first
    }
  }

  /** Upkeep deferred while writes went on, once they pause, a step per turn of the loop. */
  private async tidy(): Promise<void> {
    const { tidy } = this.index;
    if (!tidy) return;
    while (this.untidy && !this.closed) {
      this.untidy = await tidy.call(this.index);
      await nextTurn();
    }
  }
}
