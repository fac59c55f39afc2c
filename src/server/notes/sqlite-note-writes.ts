import { prepared } from '../db/prepared-query.js';
import type { Db } from '../db/schema.js';
import { insertLogEntry } from '../sync/document-log.js';
import { NOTE_COLUMNS } from './note-columns.js';
import {
  insertNoteRow,
  type NewNote,
  type NextRevision,
  type NoteWrites,
  type Replacing,
  revisionUpdate,
} from './note-writes.js';
import { counted, nextFromCounter } from './sqlite-change-clock.js';
import { insertVersion } from './version-repository.js';

const insertNoteCounted = prepared((db: Db, p: NewNote) => insertNoteRow(db, p, nextFromCounter));

const writeCountedRevision = prepared((db: Db, p: NextRevision & Replacing) =>
  revisionUpdate(db, p, nextFromCounter).returning([...NOTE_COLUMNS, 'change_seq']),
);

/**
 * SQLite runs one write transaction at a time, so a row read for a write needs no hold; each
 * write takes the user's counter plus one and counts it, in one transaction.
 */
export const sqliteNoteWrites: NoteWrites = {
  forWrite: (query) => query,
  insert: (db, row) =>
    counted(db, row.userId, (trx) => insertNoteCounted.executeTakeFirst(trx, row)),
  revise: (db, next, replaced, entry) =>
    counted(db, next.userId, async (trx) => {
      const row = await writeCountedRevision.executeTakeFirst(trx, next);
      if (!row) return undefined;
      await insertVersion.execute(trx, replaced);
      await insertLogEntry(trx, entry);
      return row;
    }),
};
