import { type PassThrough, Readable } from 'node:stream';
import yazl from 'yazl';

/** An entry's bytes, asked for only when the zip reaches the entry. */
export type EntryBytes = () => Iterable<Uint8Array> | AsyncIterable<Uint8Array>;

/**
 * A zip written while it is read, by yazl (the writing side of yauzl, which the import reads
 * with): it switches to the ZIP64 records by itself once there are too many entries for the
 * classic ones. An entry's bytes are read only when the zip reaches it, and `taken()` lets the
 * writer wait for the reader before adding more, so memory holds what was added since.
 */
export class StreamedZip {
  private readonly zip = new yazl.ZipFile();
  /** The zip's bytes; destroyed with the error if anything fails. */
  readonly output = this.zip.outputStream as PassThrough;
  private lastReached: Promise<void> = Promise.resolve();
  private readonly closed: Promise<void>;
  /** The entry being read: closed with the zip, so a file being read is let go of at once. */
  private reading: Readable | undefined;

  constructor() {
    this.closed = new Promise((resolve) => this.output.once('close', resolve));
    this.output.once('close', () => this.reading?.destroy());
    this.zip.on('error', (error: Error) => this.fail(error));
  }

  /** Text, deflated. */
  addDeflated(name: string, mtime: Date, bytes: EntryBytes): void {
    this.add(name, { mtime, compress: true, compressionLevel: 6 }, bytes);
  }

  /** Bytes compressed already (pictures, documents): stored as they are. */
  addStored(name: string, mtime: Date, bytes: EntryBytes): void {
    this.add(name, { mtime, compress: false }, bytes);
  }

  /**
   * Settles once every entry added so far is written out but the last, and the reader has room
   * for more, or has gone away (then `gone` is true and nothing more need be added).
   */
  async taken(): Promise<void> {
    await Promise.race([this.lastReached, this.closed]);
    if (this.output.writableNeedDrain && !this.gone) {
      await Promise.race([
        new Promise((resolve) => this.output.once('drain', resolve)),
        this.closed,
      ]);
    }
  }

  /** Whether the reader stopped reading or the zip failed. */
  get gone(): boolean {
    return this.output.destroyed;
  }

  /** No more entries: the central directory follows the last one. */
  end(): void {
    if (!this.gone) this.zip.end();
  }

  /** Ends the zip with `error`, for its reader to see. */
  fail(error: Error): void {
    this.output.destroy(error);
  }

  private add(name: string, options: Partial<yazl.Options>, bytes: EntryBytes): void {
    // Once the reader has gone, nothing more is read for it.
    if (this.gone) return;
    let reached = () => {};
    this.lastReached = new Promise((resolve) => {
      reached = resolve;
    });
    this.zip.addReadStreamLazy(name, options, (give) => {
      reached();
      let stream: Readable;
      try {
        stream = Readable.from(bytes(), { objectMode: false });
      } catch (error) {
        return this.fail(error as Error);
      }
      stream.once('error', (error) => this.fail(error));
      this.reading = stream;
      give(null, stream);
    });
  }
}
