/**
 * At most one run of a task at a time: a caller while it runs shares that run instead of
 * starting another, and the next call after it settles starts afresh.
 */
export class SingleFlight<T> {
  private current: Promise<T> | undefined;

  run(start: () => Promise<T>): Promise<T> {
    this.current ??= start().finally(() => {
      this.current = undefined;
    });
    return this.current;
  }

  /** The run under way, if one is. */
  get running(): Promise<T> | undefined {
    return this.current;
  }
}
