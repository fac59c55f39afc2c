import { createHash, randomUUID } from 'node:crypto';
import type { Note } from '../../shared/note.js';
import type { Db } from '../db/schema.js';
import { insertLinkKeys } from '../links/link-index.js';
import { linkKeysOf } from '../links/link-keys.js';
import { reserveChangeSeqs } from '../notes/note-repository.js';
import type { ImportedNote } from './import/imported-note.js';
import { QUIRE_SOURCE } from './import/quire-notes.js';
import {
  freeNoteIds,
  heldNoteIds,
  type ImportRow,
  insertImported,
  knownImportKeys,
  lockImportsOf,
} from './import-repository.js';

/** The key that marks a note imported: its place in the source and its exact text. */
const importKey = (note: ImportedNote) =>
  createHash('sha256').update(note.sourceKey).update('\0').update(note.body).digest('base64url');

const NOTE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The id a note had in the Quire account it was exported from, if it came from one. */
const quireId = (note: ImportedNote) =>
  note.sourceKey.startsWith(QUIRE_SOURCE) ? note.sourceKey.slice(QUIRE_SOURCE.length) : undefined;

/**
 * Writes the notes of one import inside the caller's transaction: notes imported before, notes
 * of Quire's own export that this account still holds (by id, in the list or the trash), and
 * repeats within this file are left out; the rest get new ids, their source's times (or
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
  const ids = keyed.flatMap(({ note }) => quireId(note) ?? []);
  const held = ids.length > 0 ? await heldNoteIds(trx, user.userId, ids) : new Set<string>();
  const fresh = keyed.filter(({ note, key }) => {
    const id = quireId(note);
    if (known.has(key) || (id !== undefined && held.has(id))) return false;
    known.add(key); // a repeat within this file is skipped too
    return true;
  });
  if (fresh.length === 0) return [];
  // A note of Quire's export keeps its id where no note has it (a new server, say), so an
  // export of what was imported is the export imported, byte for byte.
  const keepable = fresh.flatMap(({ note }) => {
    const id = quireId(note);
    return id !== undefined && NOTE_ID.test(id) ? [id] : [];
  });
  const free = keepable.length > 0 ? await freeNoteIds(trx, keepable) : new Set<string>();
  const changeSeqs = await reserveChangeSeqs(trx, user.userId, fresh.length);
  const rows: ImportRow[] = fresh.map(({ note, key }, index) => {
    const timeCreated = note.timeCreated ?? note.timeLastModified ?? user.now;
    const id = quireId(note);
    const kept = id !== undefined && free.delete(id);
    return {
      id: kept ? id : randomUUID(),
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
