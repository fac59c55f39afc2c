// The PostgreSQL search index as it is now (schema.sql beside this file): what the catch-up and
// `quire reindex` write into it. A row per note in `note_search` with what a search filters and
// orders by, and the tsvectors the database's own functions make of the note.

/** The columns of a row of `note_search`, in the order `POSTGRES_ROW` gives them. */
export const POSTGRES_COLUMNS =
  'note_id, user_id, in_trash, time_last_modified, change_seq, title, body, stem';

/**
 * The search row of the note `n` (a table alias), its words read from `text` (an SQL
 * expression; the note's body unless given).
 */
export const POSTGRES_ROW = (n: string, text = `${n}.body`) => `${n}.id, ${n}.user_id,
  ${n}.time_deleted is not null, ${n}.time_last_modified, ${n}.change_seq,
  quire_search_vector(quire_note_title(${n}.body)), quire_search_vector(${text}),
  quire_stem_vector(${text})`;

/** Takes a note's new search row over its old one (after an insert into note_search). */
export const POSTGRES_UPSERT = `on conflict (note_id) do update set user_id = excluded.user_id,
  in_trash = excluded.in_trash, time_last_modified = excluded.time_last_modified,
  change_seq = excluded.change_seq, title = excluded.title, body = excluded.body, stem = excluded.stem`;

/**
 * Queues the notes that write a `#` for the catch-up, which alone knows (through the Markdown
 * reader) which `#words` are tags: the database's own functions take every one.
 */
export const POSTGRES_QUEUE_HASHES = `insert into note_search_pending (note_id, user_id, seq)
  select id, user_id, nextval('note_search_pending_seq') from notes where position('#' in body) > 0
  on conflict (note_id) do nothing`;

/** The index rebuilt from every note, the notes with a `#` then read again by the catch-up. */
export const POSTGRES_REBUILD = [
  'delete from note_search',
  `insert into note_search (${POSTGRES_COLUMNS}) select ${POSTGRES_ROW('n')} from notes n`,
  POSTGRES_QUEUE_HASHES,
];
