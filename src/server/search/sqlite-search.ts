import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { toNote } from '../notes/note-repository.js';
import { type NoteRow, type SearchEngine, substringsOf } from './search-engine.js';
import type { SearchTerm } from './search-query.js';

// bm25 weights per column (owner, title, body): a match in the title counts ten times.
const RANK = 'bm25(0.0, 10.0, 1.0)';

const quoted = (word: string) => `"${word}"`;

/** An FTS5 expression for a term; words hold letters and digits only, so quoting is safe. */
function ftsTerm(term: SearchTerm): string | undefined {
  if (term.kind === 'tag') return `${quoted(`#${term.tag}`)}*`;
  if (term.kind === 'substring') return undefined;
  const phrase = quoted(term.words.join(' ')) + (term.prefix ? '*' : '');
  // A lone word also finds itself written as a tag.
  const [word] = term.words;
  if (term.words.length === 1 && term.prefix) return `(${phrase} OR ${quoted(`#${word}`)}*)`;
  return phrase;
}

/** The user's notes (and trash, if asked), every included term, none of the excluded ones. */
function ftsQuery(userId: string, includeTrash: boolean, terms: SearchTerm[], not: SearchTerm[]) {
  const hex = userId.replaceAll('-', '');
  let expression = includeTrash ? `owner : ("u${hex}" OR "t${hex}")` : `owner : "u${hex}"`;
  for (const term of terms) {
    const fts = ftsTerm(term);
    if (fts) expression = `(${expression}) AND {title body} : ${fts}`;
  }
  for (const term of not) {
    const fts = ftsTerm(term);
    if (fts) expression = `(${expression}) NOT {title body} : ${fts}`;
  }
  return expression;
}

const ORDER = sql`n.time_last_modified desc, n.change_seq desc, n.id desc`;

/**
 * SQLite: FTS5 ranks by bm25 within the owner's token, so the best `limit` are picked before any
 * note is read. Text in spaceless scripts is then checked on the notes themselves.
 */
export function sqliteSearch(db: Db): SearchEngine {
  return async ({ userId, query, limit, includeTrash }) => {
    const match = ftsQuery(userId, includeTrash, query.include, query.exclude);
    const conditions = [
      ...substringsOf(query.include).map((text) => sql`instr(n.body, ${text}) > 0`),
      ...substringsOf(query.exclude).map((text) => sql`instr(n.body, ${text}) = 0`),
    ];
    const ranked =
      conditions.length === 0
        ? sql`select rowid as doc, rank from note_search
            where note_search match ${match} and rank match ${RANK} order by rank limit ${limit}`
        : sql`select rowid as doc, rank from note_search
            where note_search match ${match} and rank match ${RANK}`;
    const { rows } = await sql<NoteRow>`
      with ranked as (${ranked})
      select n.id, n.body, n.time_created, n.time_last_modified, n.revision
      from ranked join note_search_docs d on d.doc = ranked.doc join notes n on n.id = d.note_id
      ${conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``}
      order by ranked.rank, ${ORDER}
      limit ${limit}`.execute(db);
    return rows.map(toNote);
  };
}
