import { sql } from 'kysely';
import type { Db } from '../db/schema.js';
import { notesLinkingToName } from '../links/link-index.js';
import { listOrderSql } from '../notes/list-order-sql.js';
import type { NoteRow } from '../notes/note-columns.js';
import { toNote } from '../notes/note-repository.js';
import { exactThenStemmed } from './exact-then-stemmed.js';
import type { SearchEngine } from './search-engine.js';
import type { SearchTerm } from './search-query.js';
import { spacelessMatch } from './spaceless-grams.js';

// bm25 weights per column (owner, title, body): a match in the title counts ten times.
const RANK = (table: string) => `bm25(${table}, 0.0, 10.0, 1.0)`;

/** How many of the newest matches, and of the newest title matches, are ranked. */
const CANDIDATES = 200;

const quoted = (word: string) => `"${word}"`;

/** An FTS5 expression for a term; words hold letters and digits only, so quoting is safe. */
function ftsTerm(term: SearchTerm): string | undefined {
  if (term.kind === 'links') return undefined;
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

/** The same for the index of stems, which stems the words itself: they match whole words. */
function stemTerm(term: SearchTerm): string | undefined {
  if (term.kind !== 'words') return ftsTerm(term);
  const phrase = quoted(term.words.join(' '));
  const [word] = term.words;
  if (term.words.length === 1 && term.prefix) return `(${phrase} OR ${quoted(`#${word}`)})`;
  return phrase;
}

/** One of the two indexes (migration 0022): the words as written, or their English stems. */
interface Index {
  table: string;
  /** How the index's owner tokens end. */
  ownerEnd: string;
  term: (term: SearchTerm) => string | undefined;
  /** The newest title matches are ranked too, above the rest. */
  titled: boolean;
}

const WORDS: Index = { table: 'note_search', ownerEnd: '', term: ftsTerm, titled: true };
const STEMS: Index = { table: 'note_search_stem', ownerEnd: '0', term: stemTerm, titled: false };

/** The user's notes, and their trash if asked. */
function ownerQuery(index: Index, userId: string, includeTrash: boolean) {
  const owner = (state: string) => quoted(`${state}${userId.replaceAll('-', '')}${index.ownerEnd}`);
  return includeTrash ? `owner : (${owner('u')} OR ${owner('t')})` : `owner : ${owner('u')}`;
}

/** The user's notes (and trash, if asked), every included term, none of the excluded ones. */
function ftsQuery(
  index: Index,
  userId: string,
  includeTrash: boolean,
  terms: SearchTerm[],
  not: SearchTerm[],
) {
  let expression = ownerQuery(index, userId, includeTrash);
  for (const term of terms) {
    const fts = index.term(term);
    if (fts) expression = `(${expression}) AND {title body} : ${fts}`;
  }
  for (const term of not) {
    // Spaceless text the index holds only roughly is left out by checking the notes instead.
    if (term.kind === 'substring' && !spacelessMatch(term.text).exact) continue;
    const fts = index.term(term);
    if (fts) expression = `(${expression}) NOT {title body} : ${fts}`;
  }
  return expression;
}

/**
 * A note with an excluded word in the other index's form is left out too (`-recipes` leaves
 * out "recipe", and `-draft` "draftsman" among the stems); tags and spaceless text are alike.
 */
function excludedByOther(other: Index, userId: string, includeTrash: boolean, not: SearchTerm[]) {
  const words = not.flatMap((term) => (term.kind === 'words' ? (other.term(term) ?? []) : []));
  if (words.length === 0) return sql``;
  const match = `(${ownerQuery(other, userId, includeTrash)}) AND {title body} : (${words.join(' OR ')})`;
  const table = sql.raw(other.table);
  return sql`and rowid not in (select rowid from ${table} where ${table} match ${match})`;
}

/** Notes linking to the names of `links:` terms, and none linking to those of `-links:`. */
function linkFilters(userId: string, include: SearchTerm[], exclude: SearchTerm[]) {
  const filter = (terms: SearchTerm[], operator: string) =>
    terms.flatMap((term) =>
      term.kind === 'links'
        ? [
            sql`and rowid ${sql.raw(operator)} (select doc from note_search_docs
              where note_id in (${notesLinkingToName(userId, term.name)}))`,
          ]
        : [],
    );
  return sql.join([...filter(include, 'in'), ...filter(exclude, 'not in')], sql` `);
}

/** The query narrowed to notes with any included term in their title; undefined if none can. */
function titleQuery(match: string, terms: SearchTerm[]): string | undefined {
  const inTitle = terms.flatMap((term) => ftsTerm(term) ?? []);
  return inTitle.length > 0 ? `(${match}) AND {title} : (${inTitle.join(' OR ')})` : undefined;
}

const ORDER = sql.raw(listOrderSql('n'));

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
 * with spaces or punctuation), the notes themselves are checked, over every match. Notes found
 * only by the words' stems follow, ranked the same way (without the title matches first).
 */
export const sqliteSearch = (db: Db): SearchEngine =>
  exactThenStemmed(indexSearch(db, WORDS, STEMS), indexSearch(db, STEMS, WORDS));

function indexSearch(db: Db, index: Index, other: Index): SearchEngine {
  const table = sql.raw(index.table);
  return async ({ userId, query, limit, includeTrash }) => {
    const match = ftsQuery(index, userId, includeTrash, query.include, query.exclude);
    const title = index.titled ? titleQuery(match, query.include) : undefined;
    const excluded = sql`${excludedByOther(other, userId, includeTrash, query.exclude)}
      ${linkFilters(userId, query.include, query.exclude)}`;
    const conditions = [
      ...toCheck(query.include).map((text) => sql`instr(n.body, ${text}) > 0`),
      ...toCheck(query.exclude).map((text) => sql`instr(n.body, ${text}) = 0`),
    ];
    // Substring terms filter after the index, so they need every match, not the newest few.
    const newest = conditions.length === 0 ? sql`limit ${CANDIDATES}` : sql``;
    const titled =
      title === undefined
        ? sql`select null as doc where false`
        : sql`select rowid as doc from ${table} where ${table} match ${title} ${excluded}
            order by rowid desc ${newest}`;
    // The candidates lead, the notes follow (a cross join keeps that order in SQLite): led by
    // the user's notes, the planner would read every one of them against the candidates.
    const { rows } = await sql<NoteRow>`
      with recent as (
        select rowid as doc, ${sql.raw(RANK(index.table))} as score from ${table}
        where ${table} match ${match} ${excluded} order by rowid desc ${newest}
      ), titled as (${titled}),
      candidates as (
        select doc, max(in_title) as in_title, min(score) as score from (
          select doc, 0 as in_title, score from recent
          union all select doc, 1 as in_title, null as score from titled
        ) group by doc
      )
      select n.id, n.body, n.time_created, n.time_last_modified, n.revision
      from candidates c cross join note_search_docs d on d.doc = c.doc
      cross join notes n on n.id = d.note_id and n.user_id = ${userId}
      ${conditions.length > 0 ? sql`where ${sql.join(conditions, sql` and `)}` : sql``}
      order by c.in_title desc, c.score is null, c.score, ${ORDER}
      limit ${limit}`.execute(db);
    return rows.map(toNote);
  };
}
