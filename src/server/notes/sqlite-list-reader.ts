import { setImmediate as nextTurn } from 'node:timers/promises';
import type SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { NOTE_FIELDS } from '../../shared/note-fields.js';
import type { Db } from '../db/schema.js';
import { LIST_ORDER } from './list-order-sql.js';
import { NOTE_COLUMN_OF } from './note-columns.js';
import { joined, type ListReader, wholeReader } from './serialized-list.js';
import { cursorOfCounter, sqliteChangeClock } from './sqlite-change-clock.js';

// SQLite serializes each note, in the order the list has (an index walk, no sort), and hands
// them over as Buffers: no row objects, no JSON.stringify. Its JSON escapes text exactly as
// JSON.stringify does. (An ordered `json_group_array` sorts the serialized notes themselves.)
const NOTE_JSON = `json_object(${NOTE_FIELDS.map((field) => `'${field}', ${NOTE_COLUMN_OF[field]}`).join(', ')})`;
const SQLITE_NOTES = `
  select cast(${NOTE_JSON} as blob) as note
  from notes`;
const SQLITE_ORDER = `order by ${LIST_ORDER}`;

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

async function sqliteNotes(db: Db, userId: string): Promise<Buffer[]> {
  const { rows } = await sql<{ note: Buffer }>`${sql.raw(SQLITE_NOTES)}
    where user_id = ${userId} and time_deleted is null ${sql.raw(SQLITE_ORDER)}`.execute(db);
  return rows.map(({ note }) => note);
}

/**
 * A user's list on SQLite: streamed from a reader of its own; read whole on the writer's
 * connection for a database in memory, which has no second connection to read it from.
 */
export function sqliteListReader(db: Db, openReader?: () => SQLite.Database): ListReader {
  if (openReader) return sqliteReader(openReader);
  return wholeReader(db, sqliteChangeClock, async (db, userId) =>
    Buffer.concat([...joined(await sqliteNotes(db, userId))]),
  );
}
