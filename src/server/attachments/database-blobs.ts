import { Readable } from 'node:stream';
import type { Db } from '../db/schema.js';
import { databaseOf } from '../storage/database-of.js';
import type { AttachmentBlobs, ByteRange } from './attachment-blobs.js';

/** Each row holds this much; every chunk but the last is full, so a range finds its rows. */
export const CHUNK_BYTES = 256 * 1024;
/** Rows read per query: a round trip per chunk would bound the throughput. */
const CHUNKS_PER_QUERY = 4;

/** Cuts a stream of any-sized pieces into full chunks (and a shorter last one). */
async function* fullChunks(source: AsyncIterable<Uint8Array>): AsyncGenerator<Buffer> {
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  for await (const piece of source) {
    let rest = Buffer.from(piece.buffer, piece.byteOffset, piece.byteLength);
    while (pendingBytes + rest.length >= CHUNK_BYTES) {
      const take = CHUNK_BYTES - pendingBytes;
      yield Buffer.concat([...pending, rest.subarray(0, take)]);
      pending = [];
      pendingBytes = 0;
      rest = rest.subarray(take);
    }
    if (rest.length > 0) {
      // Copied: the source may reuse its buffer for the next piece.
      pending.push(Buffer.from(rest));
      pendingBytes += rest.length;
    }
  }
  if (pendingBytes > 0) yield Buffer.concat(pending);
}

/**
 * Attachments as rows of the database, in fixed-size chunks: every instance of a PostgreSQL
 * deployment reads the same files without a shared disk, and backups hold them. A file's row in
 * `attachments` must exist before its chunks; they go when it goes.
 */
export class DatabaseBlobs implements AttachmentBlobs {
  constructor(private readonly db: Db) {}

  async write(_userId: string, id: string, source: AsyncIterable<Uint8Array>): Promise<void> {
    let seq = 0;
    try {
      for await (const data of fullChunks(source)) {
        await this.db
          .insertInto('attachment_chunks')
          .values({ attachment_id: id, seq, data })
          .execute();
        seq += 1;
      }
    } catch (error) {
      await this.remove(_userId, id);
      throw error;
    }
  }

  read(_userId: string, id: string, range: ByteRange): Readable {
    const { db } = this;
    const readChunks = databaseOf(db).readAttachmentChunks;
    const last = Math.floor(range.end / CHUNK_BYTES);
    const batch = (first: number) => {
      const upTo = Math.min(last, first + CHUNKS_PER_QUERY - 1);
      const reading = readChunks(db, id, first, upTo).then((read) => {
        if (read.length !== upTo - first + 1) throw new Error(`attachment ${id} lacks a chunk`);
        return read;
      });
      reading.catch(() => {}); // awaited below, or dropped with the stream
      return reading;
    };
    async function* bytes(): AsyncGenerator<Buffer> {
      let first = Math.floor(range.start / CHUNK_BYTES);
      let next = batch(first);
      while (first <= last) {
        const read = await next;
        const following = first + CHUNKS_PER_QUERY;
        // The next rows are on their way while these go to the socket.
        if (following <= last) next = batch(following);
        for (const [index, data] of read.entries()) {
          const at = (first + index) * CHUNK_BYTES;
          const from = Math.max(range.start - at, 0);
          const to = Math.min(range.end - at + 1, data.length);
          if (to > from) yield data.subarray(from, to);
        }
        first = following;
      }
    }
    return Readable.from(bytes(), { objectMode: false });
  }

  async remove(_userId: string, id: string): Promise<void> {
    await this.db.deleteFrom('attachment_chunks').where('attachment_id', '=', id).execute();
  }

  async removeAccount(): Promise<void> {
    // chunks go with their attachment, and attachments with their account
  }

  async removeAccountsOtherThan(): Promise<number> {
    return 0; // chunks go with their attachment, and attachments with their account
  }
}
