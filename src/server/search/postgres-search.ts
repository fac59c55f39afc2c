import { type RawBuilder, sql } from 'kysely';
import type { Db } from '../db/schema.js';
import { notesLinkingToName } from '../links/link-index.js';
import { LIST_ORDER, listOrderSql } from '../notes/list-order-sql.js';
import type { NoteRow } from '../notes/note-columns.js';
import { toNote } from '../notes/note-repository.js';
import { exactThenStemmed } from './exact-then-stemmed.js';
import { likeContaining, type SearchEngine } from './search-engine.js';
import type { SearchTerm } from './search-query.js';
import { spacelessGrams } from './spaceless-grams.js';

/** How many of the newest matches, and of the newest title matches, are ranked. */
const CANDIDATES = 200;

const lexeme = (word: string, prefix: boolean) => `'${word}'${prefix ? ':*' : ''}`;

/**
 * A tsquery for a term; words hold letters and digits only, so quoting is safe. `whole`: the
 * last word is no prefix (stems are matched whole).
 */
function tsTerm(term: SearchTerm, whole = false): string | undefined {
  if (term.kind === 'links') return undefined;
  if (term.kind === 'tag') return lexeme(`zztag${term.tag}`, true);
  if (term.kind === 'substring') {
    const { grams } = spacelessGrams(term.text);
    return grams.length > 0
      ? `(${grams.map((gram) => lexeme(gram, false)).join(' & ')})`
      : undefined;
  }
  const last = term.words.length - 1;
  const words = term.words.map((word, index) =>
    lexeme(word, !whole && term.prefix && index === last),
  );
  return `(${words.join(' <-> ')})`;
}

/** Spaceless text its grams do not pin down: the notes themselves are checked for it. */
const toCheck = (terms: SearchTerm[]) =>
  terms.flatMap((term) =>
    term.kind === 'substring' && !spacelessGrams(term.text).exact ? [term.text] : [],
  );

/** One of the two indexes (migration 0022): the words as written, or their English stems. */
interface Index {
  /** The column of note_search, and the function making a tsquery for it. */
  column: 'body' | 'stem';
  query: 'quire_search_query' | 'quire_stem_query';
  whole: boolean;
  /** The newest title matches are ranked too, above the rest. */
  titled: boolean;
}

const WORDS: Index = { column: 'body', query: 'quire_search_query', whole: false, titled: true };
const STEMS: Index = { column: 'stem', query: 'quire_stem_query', whole: true, titled: false };

/** Every included term and none of the excluded ones; undefined when no term is a word. */
function tsQuery(index: Index, include: SearchTerm[], exclude: SearchTerm[]): string | undefined {
  const parts = [
    ...include.flatMap((term) => tsTerm(term, index.whole) ?? []),
    ...exclude.flatMap((term) => {
      // A note holding some of the grams may still lack the text: it is checked instead.
      if (term.kind === 'substring' && !spacelessGrams(term.text).exact) return [];
      const ts = tsTerm(term, index.whole);
      return ts ? [`!${ts}`] : [];
    }),
  ];
  return parts.length > 0 ? parts.join(' & ') : undefined;
}

/**
 * A note with an excluded word in the other index's form is left out too (`-recipes` leaves
 * out "recipe", and `-draft` "draftsman" among the stems); tags and spaceless text are alike.
 */
function excludedByOther(other: Index, exclude: SearchTerm[]): RawBuilder<unknown>[] {
  const words = exclude.flatMap((term) =>
    term.kind === 'words' ? (tsTerm(term, other.whole) ?? []) : [],
  );
  if (words.length === 0) return [];
  return [sql`not s.${sql.raw(other.column)} @@ ${sql.raw(other.query)}(${words.join(' | ')})`];
}

/** Notes linking to the names of `links:` terms, and none linking to those of `-links:`. */
function linkFilters(userId: string, include: SearchTerm[], exclude: SearchTerm[]) {
  const filter = (terms: SearchTerm[], operator: string) =>
    terms.flatMap((term) =>
      term.kind === 'links'
        ? [sql`s.note_id ${sql.raw(operator)} (${notesLinkingToName(userId, term.name)})`]
        : [],
    );
  return [...filter(include, 'in'), ...filter(exclude, 'not in')];
}

/** Any included term: a note whose title has one ranks first. */
function titleQuery(include: SearchTerm[]): string | undefined {
  const parts = include.flatMap((term) => tsTerm(term) ?? []);
  return parts.length > 0 ? parts.join(' | ') : undefined;
}

const tsquery = (text: string, index = WORDS) => sql`${sql.raw(index.query)}(${text})`;

/** The newest matches first, for picking candidates; ties there need no order of their own. */
const NEWEST = sql`s.time_last_modified desc, s.change_seq desc`;

/**
 * Equal ranks keep the list's order. `best` names its columns as the notes table does, so the
 * order's bare names sort by its own output; the final select reads the same columns from `b`.
 */
const BEST_IN_LIST_ORDER = sql.raw(LIST_ORDER);
const CHOSEN_IN_LIST_ORDER = sql.raw(listOrderSql('b'));

/**
 * PostgreSQL: the newest `CANDIDATES` matches, and the newest title matches, are found by
 * walking the user's notes newest first (or through the GIN indexes when the words are rare:
 * the planner decides), then ranked: title matches first, then by ts_rank. A word in every note
 * costs what a rare one does. Text in spaceless scripts is found by its characters and pairs of
 * characters (migration 0016), and the notes are checked where those only narrow. Notes found
 * only by the words' stems follow, ranked the same way (the title's stems weigh more).
 */
export const postgresSearch = (db: Db): SearchEngine =>
  exactThenStemmed(indexSearch(db, WORDS, STEMS), indexSearch(db, STEMS, WORDS));

function indexSearch(db: Db, index: Index, other: Index): SearchEngine {
  const vector = sql.raw(`s.${index.column}`);
  return async ({ userId, query, limit, includeTrash }) => {
    const ts = tsQuery(index, query.include, query.exclude);
    const title = index.titled ? titleQuery(query.include) : undefined;
    const included = toCheck(query.include);
    const excluded = toCheck(query.exclude);
    const readsNotes = included.length > 0 || excluded.length > 0;
    const owner = [
      sql`s.user_id = ${userId}`,
      ...(includeTrash ? [] : [sql`not s.in_trash`]),
      ...excludedByOther(other, query.exclude),
      ...linkFilters(userId, query.include, query.exclude),
    ];
    const text = ts === undefined ? [] : [sql`${vector} @@ ${tsquery(ts, index)}`];
    const substrings = [
      ...included.map((part) => sql`n.body like ${likeContaining(part)} escape '\\'`),
      ...excluded.map((part) => sql`strpos(n.body, ${part}) = 0`),
    ];
    const from = sql`note_search s ${readsNotes ? sql`join notes n on n.id = s.note_id` : sql``}`;
    const where = (conditions: RawBuilder<unknown>[]) => sql.join(conditions, sql` and `);
    // The title is the body's first line: with one term and nothing excluded, a title match is
    // a match, and leaving the body out keeps the planner from reading the body index too.
    const titleImpliesText = query.include.length === 1 && query.exclude.length === 0;
    const titled =
      title === undefined
        ? sql`select null::text as note_id where false`
        : sql`select s.note_id from ${from}
            where ${where([...owner, ...(titleImpliesText ? [] : text), ...substrings])}
              and s.title @@ ${tsquery(title)}
            order by ${NEWEST} limit ${CANDIDATES}`;
    const rank = ts === undefined ? sql`(0)::real` : sql`ts_rank(${vector}, ${tsquery(ts, index)})`;
    const { rows } = await sql<NoteRow>`
      with recent as (
        select s.note_id from ${from} where ${where([...owner, ...text, ...substrings])}
        order by ${NEWEST} limit ${CANDIDATES}
      ), titled as (${titled}),
      candidates as (
        select note_id, bool_or(in_title) as in_title from (
          select note_id, false as in_title from recent
          union all select note_id, true as in_title from titled
        ) c group by note_id
      ),
      best as (
        select c.note_id as id, c.in_title, ${rank} as rank, s.time_last_modified, s.change_seq
        from candidates c join note_search s on s.note_id = c.note_id
        order by c.in_title desc, rank desc, ${BEST_IN_LIST_ORDER}
        limit ${limit}
      )
      select n.id, n.body, n.time_created, n.time_last_modified, n.revision
      from best b join notes n on n.id = b.id
      order by b.in_title desc, b.rank desc, ${CHOSEN_IN_LIST_ORDER}`.execute(db);
    return rows.map(toNote);
  };
}
