import { createHash, randomUUID } from 'node:crypto';
import type { Note } from '../../shared/note.js';
import type { Db } from '../db/schema.js';
import { insertLinkKeys } from '../links/link-index.js';
import { linkKeysOf } from '../links/link-keys.js';
import { reserveChangeSeqs } from '../notes/note-repository.js';
import type { ImportedNote } from './import/imported-note.js';
import {
  type ImportRow,
  insertImported,
  knownImportKeys,
  lockImportsOf,
} from './import-repository.js';

/** The key that marks a note imported: its place in the source and its exact text. */
const importKey = (note: ImportedNote) =>
  createHash('sha256').update(note.sourceKey).update('\0').update(note.body).digest('base64url');

/**
 * Writes the notes of one import inside the caller's transaction: notes imported before, or
 * repeated within this file, are left out; the rest get new ids, their source's times (or
 * `now`), revision 1 and new change numbers. Returns the notes stored.
 */
export async function storeImport(
  trx: Db,
  user: { userId: string; sessionId: string; now: number },
  notes: ImportedNote[],
): Promise<Note[]> {
  const keyed = notes.map((note) => ({ note, key: importKey(note) }));
  await lockImportsOf(trx, user.userId);
  const known = await knownImportKeys(
    trx,
    user.userId,
    keyed.map((item) => item.key),
  );
  const fresh = keyed.filter(({ key }) => {
    if (known.has(key)) return false;
    known.add(key); // a repeat within this file is skipped too
    return true;
  });
  if (fresh.length === 0) return [];
  const changeSeqs = await reserveChangeSeqs(trx, user.userId, fresh.length);
  const rows: ImportRow[] = fresh.map(({ note, key }, index) => {
    const timeCreated = note.timeCreated ?? note.timeLastModified ?? user.now;
    return {
      id: randomUUID(),
      key,
      body: note.body,
      timeCreated,
      timeLastModified: note.timeLastModified ?? timeCreated,
      changeSeq: changeSeqs[index] as number,
    };
  });
  await insertImported(trx, user, rows);
  const linked = rows.map((row) => ({
    userId: user.userId,
    noteId: row.id,
    keys: linkKeysOf(row.body),
  }));
  await insertLinkKeys(trx, linked);
  return rows.map((row) => ({
    id: row.id,
    body: row.body,
    timeCreated: row.timeCreated,
    timeLastModified: row.timeLastModified,
    revision: 1,
  }));
}
