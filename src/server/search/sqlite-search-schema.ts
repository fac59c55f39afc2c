// The SQLite search index as it is now (schema.sql beside this file): what the catch-up and
// `quire reindex` write into it. Two FTS5 tables, words as written and their stems, numbered
// by the same docs, which `note_search_docs` hands out in the order notes were last written.

import { listOrderSql } from '../notes/list-order-sql.js';

/** A note's title: its first non-blank line. */
const title = (body: string) => {
  const trimmed = `ltrim(${body}, ' ' || char(9, 10, 13))`;
  return `substr(${trimmed}, 1, instr(${trimmed} || char(10), char(10)) - 1)`;
};

/**
 * One token per user and state (`u…` in the list, `t…` in the trash), so a query ranks only
 * its user's notes without reading them.
 */
export const SQLITE_OWNER = (row: string) =>
  `iif(${row}.time_deleted is null, 'u', 't') || replace(${row}.user_id, '-', '')`;

/** The stemmed index's owner token: the word index's, with a digit porter keeps as it is. */
export const SQLITE_STEM_OWNER = (row: string) => `${SQLITE_OWNER(row)} || '0'`;

/** What the index holds of a note's title and body (`quire_indexed_text` adds spaceless grams). */
export const SQLITE_INDEXED_TITLE = (body: string) => `quire_indexed_text(${title(body)})`;
export const SQLITE_INDEXED_BODY = (body: string) => `quire_indexed_text(${body})`;

/**
 * Both indexes rebuilt from every note, the list's last first, so the newest docs are the top of
 * the list; leaves nothing to catch up.
 */
export const SQLITE_REBUILD = [
  `insert into note_search_stem (note_search_stem) values ('delete-all')`,
  `insert into note_search (note_search) values ('delete-all')`,
  'delete from note_search_docs',
  `insert into note_search_docs (note_id)
     select id from notes order by ${listOrderSql(undefined, { reversed: true })}`,
  `insert into note_search (rowid, owner, title, body)
     select d.doc, ${SQLITE_OWNER('n')}, ${SQLITE_INDEXED_TITLE('n.body')},
       ${SQLITE_INDEXED_BODY('n.body')}
     from notes n join note_search_docs d on d.note_id = n.id`,
  'delete from note_search_pending',
  `insert into note_search_stem (rowid, owner, title, body)
     select d.doc, ${SQLITE_STEM_OWNER('n')}, ${SQLITE_INDEXED_TITLE('n.body')},
       ${SQLITE_INDEXED_BODY('n.body')}
     from notes n join note_search_docs d on d.note_id = n.id`,
];
