import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { SPACELESS_SCRIPT_CLASS } from '../db/migrations/0004-search-index.js';
import { toNote } from '../notes/note-repository.js';
import { likeContaining, type NoteRow, type SearchEngine, substringsOf } from './search-engine.js';
import type { SearchTerm } from './search-query.js';

/** How many of the best candidates (title matches, then the most recent) are ranked by text. */
const CANDIDATES = 1000;

const lexeme = (word: string, prefix: boolean) => `'${word}'${prefix ? ':*' : ''}`;

/** A tsquery for a term; words hold letters and digits only, so quoting is safe. */
function tsTerm(term: SearchTerm): string | undefined {
  if (term.kind === 'tag') return lexeme(`zztag${term.tag}`, true);
  if (term.kind === 'substring') return undefined;
  const last = term.words.length - 1;
  const words = term.words.map((word, index) => lexeme(word, term.prefix && index === last));
  return `(${words.join(' <-> ')})`;
}

/** Every included term and none of the excluded ones; undefined when no term is a word. */
function tsQuery(include: SearchTerm[], exclude: SearchTerm[]): string | undefined {
  const parts = [
    ...include.flatMap((term) => tsTerm(term) ?? []),
    ...exclude.flatMap((term) => {
      const ts = tsTerm(term);
      return ts ? [`!${ts}`] : [];
    }),
  ];
  return parts.length > 0 ? parts.join(' & ') : undefined;
}

/** Any included term: a note whose title has one ranks first. */
function titleQuery(include: SearchTerm[]): string | undefined {
  const parts = include.flatMap((term) => tsTerm(term) ?? []);
  return parts.length > 0 ? parts.join(' | ') : undefined;
}

const tsquery = (text: string) =>
  sql`to_tsquery('simple', public.unaccent('public.unaccent'::regdictionary, ${text}))`;

// Repeats the partial index's predicate, so the planner may use the trigram index.
const SPACELESS = sql.raw(`n.body ~ '${SPACELESS_SCRIPT_CLASS}'`);
const ORDER = sql`s.time_last_modified desc, s.change_seq desc, s.note_id desc`;

/**
 * PostgreSQL: the GIN index finds the matches; title matches first, then the most recent, are
 * the candidates, and those are ranked by ts_rank, so a common word costs no more than a rare
 * one. Text in spaceless scripts is found through the trigram index.
 */
export function postgresSearch(db: Db): SearchEngine {
  return async ({ userId, query, limit, includeTrash }) => {
    const ts = tsQuery(query.include, query.exclude);
    const title = titleQuery(query.include);
    const included = substringsOf(query.include);
    const excluded = substringsOf(query.exclude);
    const readsNotes = included.length > 0 || excluded.length > 0;
    const conditions = [
      sql`s.user_id = ${userId}`,
      ...(includeTrash ? [] : [sql`not s.in_trash`]),
      ...(ts === undefined ? [] : [sql`s.body @@ ${tsquery(ts)}`]),
      ...(included.length > 0 ? [SPACELESS] : []),
      ...included.map((text) => sql`n.body like ${likeContaining(text)} escape '\\'`),
      ...excluded.map((text) => sql`strpos(n.body, ${text}) = 0`),
    ];
    const inTitle = title === undefined ? sql`false` : sql`s.title @@ ${tsquery(title)}`;
    const rank = ts === undefined ? sql`(0)::real` : sql`ts_rank(c.body, ${tsquery(ts)})`;
    const { rows } = await sql<NoteRow>`
      with candidates as (
        select s.note_id, s.time_last_modified, s.change_seq, s.body, ${inTitle} as in_title
        from note_search s ${readsNotes ? sql`join notes n on n.id = s.note_id` : sql``}
        where ${sql.join(conditions, sql` and `)}
        order by in_title desc, ${ORDER}
        limit ${CANDIDATES}
      )
      select n.id, n.body, n.time_created, n.time_last_modified, n.revision
      from candidates c join notes n on n.id = c.note_id
      order by c.in_title desc, ${rank} desc,
        c.time_last_modified desc, c.change_seq desc, c.note_id desc
      limit ${limit}`.execute(db);
    return rows.map(toNote);
  };
}
