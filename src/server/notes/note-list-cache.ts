import { createHash } from 'node:crypto';
import type { Db } from '../db/database.js';
import { currentChangeSeq, type DatabaseKind, serializedList } from './serialized-list.js';

/** Serialized lists kept in memory at most, over all users; the least recently read go first. */
const DEFAULT_BUDGET_BYTES = 96 * 1024 * 1024;

/** One user's list as sent, and the change it is current as of. */
export interface ListSnapshot {
  changeSeq: number;
  etag: string;
  body: Buffer;
}

/**
 * Keeps each user's serialized note list until their next change. The user's change counter
 * (one row) says whether the copy is current, so this holds across instances sharing a
 * database. Concurrent requests share one copy, and one build when it is stale.
 */
export class NoteListCache {
  private readonly snapshots = new Map<string, ListSnapshot>();
  private readonly building = new Map<string, Promise<ListSnapshot>>();
  private bytes = 0;

  constructor(
    private readonly kind: DatabaseKind,
    private readonly db: Db,
    private readonly budgetBytes = DEFAULT_BUDGET_BYTES,
  ) {}

  async read(userId: string): Promise<ListSnapshot> {
    const changeSeq = await currentChangeSeq(this.db, userId);
    const cached = this.snapshots.get(userId);
    if (cached && cached.changeSeq === changeSeq) {
      this.snapshots.delete(userId); // re-inserted: the map's order is the order of use
      this.snapshots.set(userId, cached);
      return cached;
    }
    const key = `${userId} ${changeSeq}`;
    let pending = this.building.get(key);
    if (!pending) {
      pending = this.build(userId, changeSeq).finally(() => this.building.delete(key));
      this.building.set(key, pending);
    }
    return pending;
  }

  /** Read after the counter, the list holds at least the changes up to `changeSeq`. */
  private async build(userId: string, changeSeq: number): Promise<ListSnapshot> {
    const body = await serializedList(this.kind, this.db, userId);
    // Per user, so a browser shared by two accounts never revalidates one with the other's.
    const owner = createHash('sha256').update(userId).digest('base64url').slice(0, 12);
    const snapshot = { changeSeq, etag: `"${owner}.${changeSeq}"`, body };
    this.store(userId, snapshot);
    return snapshot;
  }

  private store(userId: string, snapshot: ListSnapshot): void {
    const previous = this.snapshots.get(userId);
    if (previous && previous.changeSeq > snapshot.changeSeq) return;
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
