import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import type { Db } from '../db/schema.js';
import type { ChangeClock } from './change-clock.js';
import { ListBuild } from './list-build.js';
import type { ListReader } from './serialized-list.js';

/** Serialized lists kept in memory at most, over all users; the least recently read go first. */
const DEFAULT_BUDGET_BYTES = 96 * 1024 * 1024;

/** One user's list as kept, and the change cursor it is current as of. */
export interface ListSnapshot {
  cursor: string;
  etag: string;
  body: Buffer;
}

/** One user's list as sent: whole when kept, else a stream of it as it is read. */
export interface ListAnswer {
  cursor: string;
  etag: string;
  body: Buffer | Readable;
}

/** Per user, so a browser shared by two accounts never revalidates one with the other's. */
function ownerTag(userId: string): string {
  return createHash('sha256').update(userId).digest('base64url').slice(0, 12);
}

/**
 * Keeps each user's serialized note list until their next change. The change clock says
 * whether the copy is current, so this holds across instances sharing a database. Concurrent
 * requests share one copy, and one build when it is stale.
 */
export class NoteListCache {
  private readonly snapshots = new Map<string, ListSnapshot>();
  private readonly building = new Map<string, Promise<ListBuild>>();
  private bytes = 0;

  constructor(
    private readonly readList: ListReader,
    private readonly db: Db,
    private readonly clock: ChangeClock,
    private readonly budgetBytes = DEFAULT_BUDGET_BYTES,
  ) {}

  async read(userId: string): Promise<ListAnswer> {
    const cached = this.snapshots.get(userId);
    if (cached && (await this.clock.unchangedSince(this.db, userId, cached.cursor))) {
      this.snapshots.delete(userId); // re-inserted: the map's order is the order of use
      this.snapshots.set(userId, cached);
      return cached;
    }
    // A build under way is shared while nothing changed after its cursor: a reader whose own
    // write committed after it began must not be sent a list without that write.
    const pending = await this.building.get(userId)?.catch(() => undefined);
    if (pending && (await this.clock.unchangedSince(this.db, userId, pending.cursor))) {
      return this.answer(userId, pending);
    }
    return this.answer(userId, await this.build(userId));
  }

  /**
   * The cursor of a list this user was sent (its entity tag, from `If-None-Match`) when nothing
   * changed since, on any instance; undefined otherwise.
   */
  async unchangedCursor(userId: string, etag: string): Promise<string | undefined> {
    const prefix = `${ownerTag(userId)}.`;
    if (!etag.startsWith(prefix)) return undefined;
    let cursor: string;
    try {
      cursor = this.clock.parse(etag.slice(prefix.length));
    } catch {
      return undefined;
    }
    return (await this.clock.unchangedSince(this.db, userId, cursor)) ? cursor : undefined;
  }

  private answer(userId: string, build: ListBuild): ListAnswer {
    const body = build.whole ?? Readable.from(build.chunks(), { objectMode: false });
    return { cursor: build.cursor, etag: etagOf(userId, build.cursor), body };
  }

  /** Starts reading the list; every reader of this build shares its bytes as they come. */
  private build(userId: string): Promise<ListBuild> {
    const started = this.readList(userId).then((read) => new ListBuild(read, this.budgetBytes));
    this.building.set(userId, started);
    const done = () => {
      if (this.building.get(userId) === started) this.building.delete(userId);
    };
    started.then((build) => {
      void build.finished.then((body) => {
        done();
        const { cursor } = build;
        this.store(userId, body ? { cursor, etag: etagOf(userId, cursor), body } : null);
      });
    }, done);
    return started;
  }

  /** Keeps the user's newest list (none when it is too long to keep), within the budget. */
  private store(userId: string, snapshot: ListSnapshot | null): void {
    const previous = this.snapshots.get(userId);
    if (previous) this.bytes -= previous.body.length;
    this.snapshots.delete(userId);
    if (!snapshot) return;
    this.snapshots.set(userId, snapshot);
    this.bytes += snapshot.body.length;
    for (const [oldest, kept] of this.snapshots) {
      if (this.bytes <= this.budgetBytes) break;
      this.snapshots.delete(oldest);
      this.bytes -= kept.body.length;
    }
  }
}

function etagOf(userId: string, cursor: string): string {
  return `"${ownerTag(userId)}.${cursor}"`;
}
