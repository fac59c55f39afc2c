/** How long a value read is trusted without asking the database again. */
const MAX_AGE_MS = 5_000;
/** Values kept; past this the oldest go first. */
const MAX_ENTRIES = 10_000;

interface Entry<V> {
  value: V;
  checkedAt: number;
  /** The database's count of writes by others when the value was read (SQLite). */
  writesElsewhere: number;
}

export interface RecentLookupsOptions {
  /**
   * Changes whenever another process wrote to the database (SQLite's `data_version`), which
   * then may have changed what was read unannounced (`quire user passwd` beside the server).
   * Without it, only announced changes (the live bus) and age retire a value.
   */
  writesElsewhere?: () => number;
  maxAgeMs?: number;
  now?: () => number;
}

/** Marks the start of a lookup in the database; `keep` takes it with what was found. */
export interface LookupStart {
  forgets: number;
  writesElsewhere: number;
}

/**
 * Values recently read from the database by a key (a token's hash), so a client asking again
 * and again is not looked up every time. A value is forgotten as soon as what the live bus
 * announces may change it (`forgetWhere`), when another process writes to the database, and
 * after a few seconds in any case; a lookup begun before a forget is not kept after it.
 */
export class RecentLookups<V> {
  private readonly entries = new Map<string, Entry<V>>();
  /** Counts the forgets, so a lookup that began before one is not kept after it. */
  private forgets = 0;
  private readonly writesElsewhere: () => number;
  private readonly maxAgeMs: number;
  private readonly now: () => number;

  constructor(options: RecentLookupsOptions = {}) {
    this.writesElsewhere = options.writesElsewhere ?? (() => 0);
    this.maxAgeMs = options.maxAgeMs ?? MAX_AGE_MS;
    this.now = options.now ?? (() => performance.now());
  }

  /** The value kept for this key, if it is still to be trusted. */
  get(key: string): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.writesElsewhere !== this.writesElsewhere()) {
      this.clear(); // another process wrote: any value may have changed
      return undefined;
    }
    if (this.now() - entry.checkedAt > this.maxAgeMs) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  lookup(): LookupStart {
    return { forgets: this.forgets, writesElsewhere: this.writesElsewhere() };
  }

  /** Keeps a value read from the database, unless something was forgotten since the read began. */
  keep(key: string, value: V, since: LookupStart): void {
    if (since.forgets !== this.forgets || this.maxAgeMs <= 0) return;
    if (this.entries.size >= MAX_ENTRIES) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.delete(key); // re-inserted last: the Map's order is age
    this.entries.set(key, { value, checkedAt: this.now(), writesElsewhere: since.writesElsewhere });
  }

  /** Changes the kept value after the database's was changed the same way. */
  update(key: string, change: (value: V) => V): void {
    const entry = this.entries.get(key);
    if (entry) entry.value = change(entry.value);
  }

  /** Drops one key's value (it expired, or was deleted). */
  drop(key: string): void {
    this.entries.delete(key);
  }

  /** Forgets the values an announced change may have changed, here or on another instance. */
  forgetWhere(changed: (value: V) => boolean): void {
    this.forgets += 1;
    for (const [key, { value }] of this.entries) {
      if (changed(value)) this.entries.delete(key);
    }
  }

  /** Keeps none of the lookups under way: what they read may have changed since. */
  outdateLookups(): void {
    this.forgets += 1;
  }

  /** Forgets every value, e.g. when announced changes may have been missed. */
  clear(): void {
    this.forgets += 1;
    this.entries.clear();
  }
}
