import type { Db } from '../db/schema.js';
import { databaseOf } from '../storage/database-of.js';

interface Read {
  /** The account's change cursor taken just before its texts were read. */
  cursor: string;
  ids: ReadonlySet<string>;
}

/**
 * What housekeeping found each account's texts refer to, and when in the account's changes it
 * read them. References come and go only with writes to notes (saves, the trash, deletion,
 * and the versions they leave), so while an account has none since, what it read then is what
 * its texts hold now. Versions that expire only take references away: the files they named
 * are then kept until the next read, never removed early. Kept in memory: after a restart each
 * account is read once again.
 */
export class ReferencesRead {
  private reads = new Map<string, Read>();
  private seenThisPass = new Set<string>();

  /** The ids the account's texts refer to: read again with `readAll` only after a change. */
  async of(
    db: Db,
    userId: string,
    readAll: () => Promise<ReadonlySet<string>>,
  ): Promise<ReadonlySet<string>> {
    this.seenThisPass.add(userId);
    const { changes } = databaseOf(db);
    const last = this.reads.get(userId);
    if (last && (await changes.unchangedSince(db, userId, last.cursor))) return last.ids;
    // Taken before the read: a write that lands during it is after the cursor, so next time
    // the account is read again.
    const cursor = await changes.now(db, userId);
    const ids = await readAll();
    this.reads.set(userId, { cursor, ids });
    return ids;
  }

  /** Forgets accounts a pass did not look at (gone, or with no old files left). */
  endPass(): void {
    for (const userId of this.reads.keys()) {
      if (!this.seenThisPass.has(userId)) this.reads.delete(userId);
    }
    this.seenThisPass = new Set();
  }
}
