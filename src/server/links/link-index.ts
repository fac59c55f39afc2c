import { type Expression, type RawBuilder, sql } from 'kysely';
import type { Note } from '../../shared/note.js';
import { linkKey } from '../../shared/wiki-links.js';
import type { Db } from '../db/schema.js';
import { listOrderSql } from '../notes/list-order-sql.js';
import type { NoteRow } from '../notes/note-columns.js';
import { toNote } from '../notes/note-repository.js';
import { type LinkChange, type LinkKeys, linkKeysOf } from './link-keys.js';

// The link index (docs/links.md): which names each listed note links to (note_links) and which
// names it goes by (note_link_names). A link leads to the listed note of its account that goes
// by its name, the most recently modified when several do (the list's order breaks ties), as
// the editor resolves it; that is worked out as the index is read.

/** Rows per insert or per `in` list, well under SQLite's limit on bound parameters. */
const KEYS_PER_STATEMENT = 300;

const chunks = <T>(items: readonly T[]): T[][] => {
  const parts: T[][] = [];
  for (let at = 0; at < items.length; at += KEYS_PER_STATEMENT) {
    parts.push(items.slice(at, at + KEYS_PER_STATEMENT));
  }
  return parts;
};

export interface IndexedNote {
  userId: string;
  noteId: string;
}

/** Adds the keys of listed notes; a row already there is left as it is. */
export async function insertLinkKeys(
  db: Db,
  notes: readonly (IndexedNote & { keys: LinkKeys })[],
): Promise<void> {
  const links = notes.flatMap(({ userId, noteId, keys }) =>
    keys.targets.map((key) => ({ user_id: userId, note_id: noteId, target_key: key })),
  );
  const names = notes.flatMap(({ userId, noteId, keys }) =>
    keys.names.map((key) => ({ user_id: userId, note_id: noteId, name_key: key })),
  );
  for (const part of chunks(links)) {
    await db
      .insertInto('note_links')
      .values(part)
      .onConflict((conflict) => conflict.columns(['note_id', 'target_key']).doNothing())
      .execute();
  }
  for (const part of chunks(names)) {
    await db
      .insertInto('note_link_names')
      .values(part)
      .onConflict((conflict) => conflict.columns(['note_id', 'name_key']).doNothing())
      .execute();
  }
}

/** Writes one note's change of keys (link-keys.ts), inside the caller's transaction. */
export async function applyLinkChange(
  db: Db,
  note: IndexedNote,
  change: LinkChange,
): Promise<void> {
  for (const part of chunks(change.removeTargets)) {
    await db
      .deleteFrom('note_links')
      .where('note_id', '=', note.noteId)
      .where('target_key', 'in', part)
      .execute();
  }
  for (const part of chunks(change.removeNames)) {
    await db
      .deleteFrom('note_link_names')
      .where('note_id', '=', note.noteId)
      .where('name_key', 'in', part)
      .execute();
  }
  await insertLinkKeys(db, [
    { ...note, keys: { targets: change.addTargets, names: change.addNames } },
  ]);
}

/** Notes read per batch by a rebuild, so a large account is never held in memory at once. */
const NOTES_PER_BATCH = 200;

/**
 * Rebuilds the index from every listed note, in one transaction (links keep answering from the
 * old rows meanwhile); returns how many links it holds.
 */
export async function rebuildLinkIndex(db: Db): Promise<number> {
  return db.transaction().execute(async (trx) => {
    await trx.deleteFrom('note_links').execute();
    await trx.deleteFrom('note_link_names').execute();
    let after = '';
    for (;;) {
      const notes = await trx
        .selectFrom('notes')
        .select(['id', 'user_id', 'body'])
        .where('time_deleted', 'is', null)
        .where('id', '>', after)
        .orderBy('id')
        .limit(NOTES_PER_BATCH)
        .execute();
      if (notes.length === 0) break;
      await insertLinkKeys(
        trx,
        notes.map((note) => ({
          userId: note.user_id,
          noteId: note.id,
          keys: linkKeysOf(note.body),
        })),
      );
      after = notes[notes.length - 1]?.id ?? after;
    }
    const row = await trx
      .selectFrom('note_links')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  });
}

/** The listed note of `userId` that goes by the name `key`: the most recent, as in the list. */
const holderOf = (userId: string, key: Expression<string> | RawBuilder<string>) =>
  sql<string>`(select h.note_id from note_link_names h join notes hn on hn.id = h.note_id
    where h.user_id = ${userId} and h.name_key = ${key} and hn.time_deleted is null
    order by ${sql.raw(listOrderSql('hn'))} limit 1)`;

/** The names of some notes that lead to them (another note may win a name they share). */
export async function namesLeadingTo(
  db: Db,
  userId: string,
  noteIds: readonly string[],
): Promise<{ noteId: string; key: string }[]> {
  const found: { noteId: string; key: string }[] = [];
  for (const part of chunks(noteIds)) {
    const { rows } = await sql<{ note_id: string; name_key: string }>`
      select m.note_id, m.name_key from note_link_names m
      where m.user_id = ${userId} and m.note_id in (${sql.join(part)})
        and ${holderOf(userId, sql.ref('m.name_key'))} = m.note_id`.execute(db);
    found.push(...rows.map((row) => ({ noteId: row.note_id, key: row.name_key })));
  }
  return found;
}

/** At most this many notes are answered as linking to one note, the most recent. */
export const MOST_LINKING_NOTES = 1000;

/**
 * The listed notes (other than itself) that link to one of the user's notes, most recently
 * modified first, with the names by which the note is linked.
 */
export async function notesLinkingTo(
  db: Db,
  userId: string,
  noteId: string,
): Promise<{ notes: Note[]; names: Set<string> }> {
  const names = (await namesLeadingTo(db, userId, [noteId])).map((name) => name.key);
  if (names.length === 0) return { notes: [], names: new Set() };
  // From the links to the notes (a cross join keeps that order on SQLite): led by the user's
  // notes, the planner could walk all of them for a note that few link to. The order is found
  // on the narrow rows, and the bodies read once it is known.
  const { rows } = await sql<NoteRow>`
    with linking as (
      select distinct l.note_id from note_links l
      where l.user_id = ${userId} and l.target_key in (${sql.join(names)})
    ), newest as (
      select n.id, n.time_last_modified, n.change_seq from linking cross join notes n
      where n.id = linking.note_id and n.user_id = ${userId} and n.time_deleted is null
        and n.id <> ${noteId}
      order by ${sql.raw(listOrderSql('n'))}
      limit ${MOST_LINKING_NOTES}
    )
    select n.id, n.body, n.time_created, n.time_last_modified, n.revision
    from newest cross join notes n
    where n.id = newest.id
    order by ${sql.raw(listOrderSql('newest'))}`.execute(db);
  return { notes: rows.map(toNote), names: new Set(names) };
}

/**
 * The ids of the user's notes linking to the note named `name`, as a subquery: named as a link
 * names it, or, when no note goes by that name, the notes whose links name it all the same.
 */
export function notesLinkingToName(userId: string, name: string): RawBuilder<string> {
  const key = linkKey(name);
  const holder = holderOf(userId, sql.val(key));
  return sql<string>`select l.note_id from note_links l
    where l.user_id = ${userId} and l.note_id <> coalesce(${holder}, '')
      and l.target_key in (
        select m.name_key from note_link_names m
        where m.user_id = ${userId} and m.note_id = ${holder}
          and ${holderOf(userId, sql.ref('m.name_key'))} = m.note_id
        union all select cast(${key} as text) where ${holder} is null)`;
}
