/** The ways one note came in otherwise than its source held it, each once with how often. */
export class NoteChanges {
  private readonly counts = new Map<string, number>();

  add(what: string): void {
    this.counts.set(what, (this.counts.get(what) ?? 0) + 1);
  }

  isEmpty(): boolean {
    return this.counts.size === 0;
  }

  /** Each change, with "(3 times)" when it happened more than once. */
  list(): string[] {
    return Array.from(this.counts, ([what, count]) =>
      count > 1 ? `${what} (${count} times)` : what,
    );
  }
}
