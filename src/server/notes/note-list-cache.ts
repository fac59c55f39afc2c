import { createHash } from 'node:crypto';
import type { Db } from '../db/database.js';
import type { ChangeClock } from './change-clock.js';
import { type DatabaseKind, serializedList } from './serialized-list.js';

/** Serialized lists kept in memory at most, over all users; the least recently read go first. */
const DEFAULT_BUDGET_BYTES = 96 * 1024 * 1024;

/** One user's list as sent, and the change cursor it is current as of. */
export interface ListSnapshot {
  cursor: string;
  etag: string;
  body: Buffer;
}

/** A list being built: its cursor is known before its body. */
interface Build {
  cursor: Promise<string>;
  snapshot: Promise<ListSnapshot>;
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
  private readonly building = new Map<string, Build>();
  private bytes = 0;

  constructor(
    private readonly kind: DatabaseKind,
    private readonly db: Db,
    private readonly clock: ChangeClock,
    private readonly budgetBytes = DEFAULT_BUDGET_BYTES,
  ) {}

  async read(userId: string): Promise<ListSnapshot> {
    const cached = this.snapshots.get(userId);
    if (cached && (await this.clock.unchangedSince(this.db, userId, cached.cursor))) {
      this.snapshots.delete(userId); // re-inserted: the map's order is the order of use
      this.snapshots.set(userId, cached);
      return cached;
    }
    // A build under way is shared while nothing changed after its cursor: a reader whose own
    // write committed after it began must not be sent a list without that write.
    const pending = this.building.get(userId);
    if (pending && (await this.clock.unchangedSince(this.db, userId, await pending.cursor))) {
      return pending.snapshot;
    }
    return this.build(userId);
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

  /** The cursor is read first, so the list holds at least every change up to it. */
  private build(userId: string): Promise<ListSnapshot> {
    const cursor = this.clock.now(this.db, userId);
    const snapshot = cursor.then(async (at) => {
      const body = await serializedList(this.kind, this.db, userId);
      const built = { cursor: at, etag: `"${ownerTag(userId)}.${at}"`, body };
      this.store(userId, built);
      return built;
    });
    const build = { cursor, snapshot };
    this.building.set(userId, build);
    const done = () => {
      if (this.building.get(userId) === build) this.building.delete(userId);
    };
    snapshot.then(done, done);
    return snapshot;
  }

  private store(userId: string, snapshot: ListSnapshot): void {
    const previous = this.snapshots.get(userId);
    if (previous) this.bytes -= previous.body.length;
    this.snapshots.delete(userId);
    if (snapshot.body.length > this.budgetBytes) return;
    this.snapshots.set(userId, snapshot);
    this.bytes += snapshot.body.length;
    for (const [oldest, kept] of this.snapshots) {
      if (this.bytes <= this.budgetBytes) break;
      this.snapshots.delete(oldest);
      this.bytes -= kept.body.length;
    }
  }
}
