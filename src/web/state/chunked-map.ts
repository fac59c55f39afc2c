// A persistent map from string keys, split by hash into a fixed number of buckets: a change
// copies the bucket index and one bucket (about 100 entries at 100,000 notes) instead of every
// entry, which is what a spread of a plain object costs (hundreds of ms at that size).
const BUCKETS = 1024;
const NO_ENTRIES: ReadonlyMap<string, never> = new Map<string, never>();

function bucketOf(key: string): number {
  let hash = 0x811c9dc5; // FNV-1a
  for (let i = 0; i < key.length; i += 1) hash = Math.imul(hash ^ key.charCodeAt(i), 0x01000193);
  return (hash >>> 0) % BUCKETS;
}

/** One key whose value differs between two versions of a map. */
export interface MapChange<V> {
  key: string;
  before: V | undefined;
  after: V | undefined;
}

/** Immutable: `set` and `delete` return a new map that shares every untouched bucket. */
export class ChunkedMap<V> {
  private constructor(
    private readonly buckets: readonly ReadonlyMap<string, V>[],
    readonly size: number,
  ) {}

  static empty<V>(): ChunkedMap<V> {
    return new ChunkedMap<V>(new Array(BUCKETS).fill(NO_ENTRIES), 0);
  }

  static from<V>(entries: Iterable<readonly [string, V]>): ChunkedMap<V> {
    const buckets: Map<string, V>[] = [];
    let size = 0;
    for (const [key, value] of entries) {
      const index = bucketOf(key);
      let bucket = buckets[index];
      if (!bucket) {
        bucket = new Map();
        buckets[index] = bucket;
      }
      if (!bucket.has(key)) size += 1;
      bucket.set(key, value);
    }
    return new ChunkedMap<V>(
      Array.from({ length: BUCKETS }, (_, i) => buckets[i] ?? NO_ENTRIES),
      size,
    );
  }

  get(key: string): V | undefined {
    return this.buckets[bucketOf(key)]?.get(key);
  }

  has(key: string): boolean {
    return this.buckets[bucketOf(key)]?.has(key) ?? false;
  }

  set(key: string, value: V): ChunkedMap<V> {
    const index = bucketOf(key);
    const old = this.buckets[index] ?? NO_ENTRIES;
    if (old.get(key) === value && old.has(key)) return this;
    const bucket = new Map(old);
    bucket.set(key, value);
    return this.with(index, bucket, this.size + (old.has(key) ? 0 : 1));
  }

  delete(key: string): ChunkedMap<V> {
    const index = bucketOf(key);
    const old = this.buckets[index] ?? NO_ENTRIES;
    if (!old.has(key)) return this;
    const bucket = new Map(old);
    bucket.delete(key);
    return this.with(index, bucket.size === 0 ? NO_ENTRIES : bucket, this.size - 1);
  }

  *entries(): IterableIterator<[string, V]> {
    for (const bucket of this.buckets) yield* bucket;
  }

  *keys(): IterableIterator<string> {
    for (const bucket of this.buckets) yield* bucket.keys();
  }

  *values(): IterableIterator<V> {
    for (const bucket of this.buckets) yield* bucket.values();
  }

  /**
   * The keys whose value differs from `before` to `after`, reading only the buckets that are
   * not shared: one change costs one bucket, not the whole map.
   */
  static changes<V>(before: ChunkedMap<V>, after: ChunkedMap<V>): MapChange<V>[] {
    const changes: MapChange<V>[] = [];
    if (before === after) return changes;
    for (let i = 0; i < BUCKETS; i += 1) {
      const old = before.buckets[i] ?? NO_ENTRIES;
      const next = after.buckets[i] ?? NO_ENTRIES;
      if (old === next) continue;
      for (const [key, value] of old) {
        const now = next.get(key);
        if (now !== value) changes.push({ key, before: value, after: now });
      }
      for (const [key, value] of next) {
        if (!old.has(key)) changes.push({ key, before: undefined, after: value });
      }
    }
    return changes;
  }

  /**
   * Brings an index kept over `held` up to `now`: every value that went is removed and every
   * value that came is added (a changed value is both); with nothing held, all are added.
   */
  static follow<V>(
    held: ChunkedMap<V> | undefined,
    now: ChunkedMap<V>,
    index: { add(value: V): void; remove(value: V): void },
  ): void {
    if (held === undefined) {
      for (const value of now.values()) index.add(value);
      return;
    }
    for (const { before, after } of ChunkedMap.changes(held, now)) {
      if (before) index.remove(before);
      if (after) index.add(after);
    }
  }

  private with(index: number, bucket: ReadonlyMap<string, V>, size: number): ChunkedMap<V> {
    const buckets = this.buckets.slice();
    buckets[index] = bucket;
    return new ChunkedMap(buckets, size);
  }
}
