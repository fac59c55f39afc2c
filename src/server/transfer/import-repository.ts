import type { Db } from '../db/schema.js';
import { databaseOf } from '../storage/database-of.js';

/** Rows per insert: well under SQLite's and PostgreSQL's limits on bound values. */
const CHUNK = 500;

export function chunks<T>(items: T[], size = CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

/**
 * Makes the user's imports take turns (PostgreSQL; SQLite writes one at a time anyway), so
 * two imports of one file cannot both find its keys new.
 */
export async function lockImportsOf(db: Db, userId: string): Promise<void> {
  await databaseOf(db).lockImportsOf(db, userId);
}

/** Which of these import keys the user already has. */
export async function knownImportKeys(
  db: Db,
  userId: string,
  keys: string[],
): Promise<Set<string>> {
  const known = new Set<string>();
  for (const part of chunks(keys)) {
    const rows = await db
      .selectFrom('import_keys')
      .select('key')
      .where('user_id', '=', userId)
      .where('key', 'in', part)
      .execute();
    for (const row of rows) known.add(row.key);
  }
  return known;
}

/** Which of these note ids the user holds, in the list or in the trash. */
export async function heldNoteIds(db: Db, userId: string, ids: string[]): Promise<Set<string>> {
  const held = new Set<string>();
  for (const part of chunks(ids)) {
    const rows = await db
      .selectFrom('notes')
      .select('id')
      .where('user_id', '=', userId)
      .where('id', 'in', part)
      .execute();
    for (const row of rows) held.add(row.id);
  }
  return held;
}

/** Which of these note ids no note of any account has, nor had (a device may know it gone). */
export async function freeNoteIds(db: Db, ids: string[]): Promise<Set<string>> {
  const free = new Set(ids);
  for (const part of chunks(ids)) {
    const notes = await db.selectFrom('notes').select('id').where('id', 'in', part).execute();
    const gone = await db
      .selectFrom('note_tombstones')
      .select('note_id as id')
      .where('note_id', 'in', part)
      .execute();
    for (const row of [...notes, ...gone]) free.delete(row.id);
  }
  return free;
}

export interface ImportRow {
  id: string;
  key: string;
  body: string;
  timeCreated: number;
  timeLastModified: number;
  changeSeq: number;
}

/** Inserts imported notes (revision 1, no history yet) with the keys that mark them imported. */
export async function insertImported(
  db: Db,
  user: { userId: string; sessionId: string; now: number },
  rows: ImportRow[],
): Promise<void> {
  for (const part of chunks(rows)) {
    await db
      .insertInto('notes')
      .values(
        part.map((row) => ({
          id: row.id,
          user_id: user.userId,
          body: row.body,
          time_created: row.timeCreated,
          time_last_modified: row.timeLastModified,
          revision: 1,
          change_seq: row.changeSeq,
          written_by: user.sessionId,
        })),
      )
      .execute();
    await db
      .insertInto('import_keys')
      .values(
        part.map((row) => ({
          user_id: user.userId,
          key: row.key,
          note_id: row.id,
          time_imported: user.now,
        })),
      )
      .execute();
  }
}
