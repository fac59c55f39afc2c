import type { Db } from '../db/schema.js';
import type { ChangeClock } from './change-clock.js';

/** A user's list as of one moment: that moment's cursor, and the list's bytes as they are read. */
export interface ListRead {
  cursor: string;
  chunks: AsyncIterable<Buffer>;
}

/** Reads a user's whole list (`GET /api/notes`) as bytes. */
export type ListReader = (userId: string) => Promise<ListRead>;

/** Notes per chunk of a streamed list: about 1 MiB of usual notes, a short slice of SQLite's work. */
const NOTES_PER_CHUNK = 1000;

const LIST_START = Buffer.from('{"results":[');
const COMMA = Buffer.from(',');
const LIST_END = Buffer.from(']}');

/** The list's bytes from its serialized notes, a chunk at a time. */
export function* joined(notes: Iterable<Buffer>): Generator<Buffer> {
  let parts: Buffer[] = [LIST_START];
  let count = 0;
  for (const note of notes) {
    if (count > 0) parts.push(COMMA);
    parts.push(note);
    count += 1;
    if (count % NOTES_PER_CHUNK === 0) {
      yield Buffer.concat(parts);
      parts = [];
    }
  }
  parts.push(LIST_END);
  yield Buffer.concat(parts);
}

/**
 * The list read whole, in one query (`body`), after its cursor, so the list holds at least
 * every change up to it.
 */
export function wholeReader(
  db: Db,
  clock: ChangeClock,
  body: (db: Db, userId: string) => Promise<Buffer>,
): ListReader {
  return async (userId) => {
    const cursor = await clock.now(db, userId);
    return { cursor, chunks: once(await body(db, userId)) };
  };
}

async function* once(body: Buffer): AsyncGenerator<Buffer> {
  yield body;
}
