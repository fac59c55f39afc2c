import type { Readable } from 'node:stream';

/** Bytes `start` to `end` of a file, both included. */
export interface ByteRange {
  start: number;
  end: number;
}

/**
 * Where attachments' bytes are kept: files on disk, or rows of the database. Both take the
 * bytes as a stream and give them back as one, so no file is ever whole in memory.
 */
export interface AttachmentBlobs {
  /** Stores what `source` yields as attachment `id`'s bytes; if it fails, nothing is left. */
  write(userId: string, id: string, source: AsyncIterable<Uint8Array>): Promise<void>;
  /** The stored bytes in `range`. */
  read(userId: string, id: string, range: ByteRange): Readable;
  /** Forgets attachment `id`'s bytes; nothing happens if there are none. */
  remove(userId: string, id: string): Promise<void>;
  /** Forgets every stored file of an account that was deleted. */
  removeAccount(userId: string): Promise<void>;
  /**
   * Forgets every stored file of accounts that are no longer in `liveUsers` (the database
   * backend's rows go with the account's own).
   */
  removeAccountsOtherThan(liveUsers: ReadonlySet<string>): Promise<number>;
}
