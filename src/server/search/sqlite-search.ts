import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { toNote } from '../notes/note-repository.js';
import type { NoteRow, SearchEngine } from './search-engine.js';
import type { SearchTerm } from './search-query.js';
import { spacelessMatch } from './spaceless-grams.js';

// bm25 weights per column (owner, title, body): a match in the title counts ten times.
const RANK = 'bm25(note_search, 0.0, 10.0, 1.0)';

/** How many of the newest matches, and of the newest title matches, are ranked. */
const CANDIDATES = 200;

const quoted = (word: string) => `"${word}"`;

/** An FTS5 expression for a term; words hold letters and digits only, so quoting is safe. */
function ftsTerm(term: SearchTerm): string | undefined {
  if (term.kind === 'tag') return `${quoted(`#${term.tag}`)}*`;
  if (term.kind === 'substring') {
    const { phrases } = spacelessMatch(term.text);
    return phrases.length > 0 ? `(${phrases.join(' AND ')})` : undefined;
  }
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
    // Spaceless text the index holds only roughly is left out by checking the notes instead.
    if (term.kind === 'substring' && !spacelessMatch(term.text).exact) continue;
    const fts = ftsTerm(term);
    if (fts) expression = `(${expression}) NOT {title body} : ${fts}`;
  }
  return expression;
}

/** The query narrowed to notes with any included term in their title; undefined if none can. */
function titleQuery(match: string, terms: SearchTerm[]): string | undefined {
  const inTitle = terms.flatMap((term) => ftsTerm(term) ?? []);
  return inTitle.length > 0 ? `(${match}) AND {title} : (${inTitle.join(' OR ')})` : undefined;
}

const ORDER = sql`n.time_last_modified desc, n.change_seq desc, n.id desc`;

/** Spaceless text the index cannot pin down exactly (spaces, punctuation): checked per note. */
const toCheck = (terms: SearchTerm[]) =>
  terms.flatMap((term) =>
    term.kind === 'substring' && !spacelessMatch(term.text).exact ? [term.text] : [],
  );

/**
 * SQLite: a note's index row is renumbered on every write, so FTS5 walks matches newest first
 * and stops after `CANDIDATES`: the newest matches, ranked by bm25, and the newest title matches,
 * which rank above them. A word in every note costs what a rare one does. Spaceless text is found
 * by its characters and pairs of characters (spaceless-grams.ts); where that is not exact (text
 * with spaces or punctuation), the notes themselves are checked, over every match.
 */
export function sqliteSearch(db: Db): SearchEngine {
  return async ({ userId, query, limit, includeTrash }) => {
    const match = ftsQuery(userId, includeTrash, query.include, query.exclude);
    const title = titleQuery(match, query.include);
    const conditions = [
      ...toCheck(query.include).map((text) => sql`instr(n.body, ${text}) > 0`),
      ...toCheck(query.exclude).map((text) => sql`instr(n.body, ${text}) = 0`),
    ];
    // Substring terms filter after the index, so they need every match, not the newest few.
    const newest = conditions.length === 0 ? sql`limit ${CANDIDATES}` : sql``;
    const titled =
      title === undefined
        ? sql`select null as doc where false`
        : sql`select rowid as doc from note_search where note_search match ${title}
            order by rowid desc ${newest}`;
    const { rows } = await sql<NoteRow>`
      with recent as (
        select rowid as doc, ${sql.raw(RANK)} as score from note_search
        where note_search match ${match} order by rowid desc ${newest}
      ), titled as (${titled}),
      candidates as (
        select doc, max(in_title) as in_title, min(score) as score from (
          select doc, 0 as in_title, score from recent
          union all select doc, 1 as in_title, null as score from titled
        ) group by doc
      )
      select n.id, n.body, n.time_created, n.time_last_modified, n.revision
      from candidates c join note_search_docs d on d.doc = c.doc join notes n on n.id = d.note_id
      ${conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``}
      order by c.in_title desc, c.score is null, c.score, ${ORDER}
      limit ${limit}`.execute(db);
    return rows.map(toNote);
  };
}
