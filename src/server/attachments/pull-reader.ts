/**
 * Reads a byte stream a known number of bytes at a time, holding only what was asked for and
 * not yet taken.
 */
export class PullReader {
  private pending: Buffer = Buffer.alloc(0);
  private readonly source: AsyncIterator<Uint8Array>;
  private ended = false;

  constructor(source: AsyncIterable<Uint8Array>) {
    this.source = source[Symbol.asyncIterator]();
  }

  /** Reads until `count` bytes wait or the stream ends; returns how many wait. */
  async fill(count: number): Promise<number> {
    const pieces: Buffer[] = [this.pending];
    let have = this.pending.length;
    while (have < count && !this.ended) {
      const next = await this.source.next();
      if (next.done) {
        this.ended = true;
      } else {
        pieces.push(Buffer.from(next.value.buffer, next.value.byteOffset, next.value.byteLength));
        have += next.value.byteLength;
      }
    }
    if (pieces.length > 1) this.pending = Buffer.concat(pieces);
    return this.pending.length;
  }

  /** The waiting bytes, without taking them. */
  peek(): Buffer {
    return this.pending;
  }

  /** Takes up to `count` bytes; call `fill` first. */
  take(count: number): Buffer {
    const taken = this.pending.subarray(0, count);
    this.pending = this.pending.subarray(taken.length);
    return taken;
  }

  /** Everything not taken yet, as it arrives. */
  async *rest(): AsyncGenerator<Uint8Array> {
    if (this.pending.length > 0) yield this.take(this.pending.length);
    if (this.ended) return;
    for (;;) {
      const next = await this.source.next();
      if (next.done) return;
      yield next.value;
    }
  }
}
