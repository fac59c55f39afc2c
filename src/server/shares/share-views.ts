import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/schema.js';

interface Pending {
  count: number;
  last: number;
}

/**
 * Views of share pages, counted in memory and written together a moment later: a page costs its
 * reader no write, and a busy link one write a while. Each instance adds its own counts, so
 * instances never overwrite each other's; the owner's list writes what is pending before it reads.
 */
export class ShareViews {
  private pending = new Map<string, Pending>();
  private timer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
    private readonly flushMs = 1000,
  ) {}

  /** Counts a view of link `id` at `now` (seconds). */
  record(id: string, now: number): void {
    const counted = this.pending.get(id);
    if (counted) {
      counted.count += 1;
      counted.last = Math.max(counted.last, now);
    } else {
      this.pending.set(id, { count: 1, last: now });
    }
    this.timer ??= setTimeout(() => void this.flush(), this.flushMs).unref();
  }

  /** Writes the views counted so far; resolves once they, and any write before, are stored. */
  flush(): Promise<void> {
    clearTimeout(this.timer);
    this.timer = undefined;
    const batch = this.pending;
    this.pending = new Map();
    this.writing = this.writing.then(() => this.write(batch));
    return this.writing;
  }

  private async write(batch: Map<string, Pending>): Promise<void> {
    if (batch.size === 0) return;
    try {
      await this.db.transaction().execute(async (trx) => {
        for (const [id, { count, last }] of batch) {
          // Another instance may have stored a later view already.
          await trx
            .updateTable('shares')
            .set((eb) => ({
              views: eb('views', '+', count),
              time_last_view: sql<number>`case when time_last_view is null or time_last_view < ${last} then ${last} else time_last_view end`,
            }))
            .where('id', '=', id)
            .execute();
        }
      });
    } catch (error) {
      // Counts are not the reader's text; a failed write is told, and the next one goes on.
      this.log.warn({ err: error }, 'share views could not be stored');
    }
  }
}
