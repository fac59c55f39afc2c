import type { StoredNote } from './note-repository.js';

/** Text kept in all, in UTF-16 code units (32 MiB). */
const MAX_KEPT_CHARS = 16 * 1024 * 1024;

/**
 * The notes this instance wrote last, as it stored them, so the next save of a note being typed
 * into need not read it back first (on PostgreSQL one round trip of two). What is kept may be
 * out of date (another instance, or a purge, may have changed the note since): a save made
 * from it stores only if the row is still that version (its revision and change), and anything
 * but a write is answered from the database.
 */
export class RecentNotes {
  private readonly notes = new Map<string, { userId: string; stored: StoredNote }>();
  private chars = 0;

  constructor(private readonly maxChars = MAX_KEPT_CHARS) {}

  get(userId: string, id: string): StoredNote | undefined {
    const kept = this.notes.get(id);
    return kept?.userId === userId ? kept.stored : undefined;
  }

  /** Keeps a note as just stored, in place of its older version; the oldest go past the limit. */
  keep(userId: string, stored: StoredNote): void {
    this.forget(stored.note.id);
    const size = stored.note.body.length;
    if (size > this.maxChars) return;
    this.notes.set(stored.note.id, { userId, stored });
    this.chars += size;
    for (const id of this.notes.keys()) {
      if (this.chars <= this.maxChars) break;
      this.forget(id);
    }
  }

  forget(id: string): void {
    const kept = this.notes.get(id);
    if (!kept) return;
    this.notes.delete(id);
    this.chars -= kept.stored.note.body.length;
  }
}
