import { setImmediate as nextTurn } from 'node:timers/promises';
import type SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import type { ChangeClock } from '../db/change-clock.js';
import type { Database, Db } from '../db/database.js';
import { cursorOfCounter } from '../db/sqlite/change-clock.js';
import { listNotes } from './note-repository.js';

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

// SQLite serializes each note, in the order the list has (an index walk, no sort), and hands
// them over as Buffers: no row objects, no JSON.stringify. Its JSON escapes text exactly as
// JSON.stringify does. (An ordered `json_group_array` sorts the serialized notes themselves.)
const SQLITE_NOTES = `
  select cast(json_object('id', id, 'body', body, 'timeCreated', time_created,
    'timeLastModified', time_last_modified, 'revision', revision) as blob) as note
  from notes`;
const SQLITE_ORDER = 'order by time_last_modified desc, change_seq desc, id desc';

/** The list's bytes from its serialized notes, a chunk at a time. */
function* joined(notes: Iterable<Buffer>): Generator<Buffer> {
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
 * SQLite, on a read-only connection of the list's own: its cursor and its notes are read in one
 * read transaction, so they agree, and the notes are sent as they are read, with the event loop
 * free between chunks (100,000 notes take a second or more to read). The writer's connection
 * is never held, and sees none of it.
 */
function sqliteReader(openReader: () => SQLite.Database): ListReader {
  return async (userId) => {
    const reader = openReader();
    let notes: IterableIterator<Buffer>;
    let cursor: string;
    try {
      reader.exec('begin');
      const counter = reader.prepare('select change_seq from users where id = ?').pluck();
      cursor = cursorOfCounter(counter.get(userId));
      notes = reader
        .prepare(`${SQLITE_NOTES} where user_id = ? and time_deleted is null ${SQLITE_ORDER}`)
        .pluck()
        .iterate(userId) as IterableIterator<Buffer>;
    } catch (error) {
      reader.close();
      throw error;
    }
    async function* chunks(): AsyncGenerator<Buffer> {
      try {
        for (const chunk of joined(notes)) {
          yield chunk;
          await nextTurn();
        }
      } finally {
        notes.return?.();
        reader.exec('commit');
        reader.close();
      }
    }
    return { cursor, chunks: chunks() };
  };
}

/**
 * The list read whole, in one query. PostgreSQL stores text escaped (see postgres-text.ts), so
 * its rows go through the repository, which decodes them; an SQLite database in memory has no
 * second connection to read it from.
 */
function wholeReader(database: Database, clock: ChangeClock): ListReader {
  const { db } = database;
  return async (userId) => {
    // The cursor is read first, so the list holds at least every change up to it.
    const cursor = await clock.now(db, userId);
    const body =
      database.kind === 'sqlite'
        ? Buffer.concat([...joined(await sqliteNotes(db, userId))])
        : Buffer.from(JSON.stringify({ results: await listNotes(db, userId) }));
    return { cursor, chunks: once(body) };
  };
}

async function* once(body: Buffer): AsyncGenerator<Buffer> {
  yield body;
}

async function sqliteNotes(db: Db, userId: string): Promise<Buffer[]> {
  const { rows } = await sql<{ note: Buffer }>`${sql.raw(SQLITE_NOTES)}
    where user_id = ${userId} and time_deleted is null ${sql.raw(SQLITE_ORDER)}`.execute(db);
  return rows.map(({ note }) => note);
}

export function listReaderFor(database: Database, clock: ChangeClock): ListReader {
  if (database.kind === 'sqlite' && database.openReader) return sqliteReader(database.openReader);
  return wholeReader(database, clock);
}
