import type { NoteId } from '../../shared/note.js';

/**
 * Remembers which notes changed here after a given moment, so a note list requested before
 * those changes does not undo them when its answer arrives later.
 */
export class ChangeTracker {
  private counter = 0;
  private readonly changedAt = new Map<NoteId, number>();

  /** The current moment, to compare against later. */
  mark(): number {
    return this.counter;
  }

  changed(id: NoteId): void {
    this.counter += 1;
    this.changedAt.set(id, this.counter);
  }

  changedSince(mark: number): NoteId[] {
    const ids: NoteId[] = [];
    for (const [id, at] of this.changedAt) if (at > mark) ids.push(id);
    return ids;
  }

  clear(): void {
    this.changedAt.clear();
  }
}
