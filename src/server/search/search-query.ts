import { invalidInput } from '../domain-errors.js';
import { SPACELESS_SCRIPT_CLASS } from './spaceless-script.js';

/**
 * One condition of a search, engine-neutral. `words` are folded later by the engine;
 * `prefix` marks the last word as a prefix (`gro` finds "groceries").
 */
export type SearchTerm =
  | { kind: 'words'; words: string[]; prefix: boolean }
  | { kind: 'tag'; tag: string }
  /** Text in a script written without spaces, found as it is written. */
  | { kind: 'substring'; text: string }
  /** Notes whose `[[links]]` lead to the note of that name (docs/links.md). */
  | { kind: 'links'; name: string };

export interface SearchQuery {
  include: SearchTerm[];
  exclude: SearchTerm[];
}

export const MAX_QUERY_TERMS = 32;
const MIN_PREFIX_LENGTH = 2;

const WORD = /[\p{L}\p{N}\p{M}]+/gu;
const SPACELESS = new RegExp(SPACELESS_SCRIPT_CLASS, 'u');
// A chunk: optional `-`, then `links:` and a name (quoted or not), a quoted phrase (closed or
// not), or a run of non-space text.
const CHUNK = /(-?)(?:([Ll][Ii][Nn][Kk][Ss]):(?:"([^"]*)"?|(\S*))|"([^"]*)"?|(\S+))/gu;

export const wordsOf = (text: string): string[] => text.match(WORD) ?? [];

function termOf(text: string, quoted: boolean, closed: boolean): SearchTerm | undefined {
  // First: a tag may be written in any script (`tag:北京`).
  const tag = quoted ? undefined : /^tag:#?(.*)$/iu.exec(text);
  if (tag) {
    const [word] = wordsOf(tag[1] ?? '');
    return word === undefined ? undefined : { kind: 'tag', tag: word };
  }
  if (SPACELESS.test(text)) {
    const trimmed = text.trim().replace(/\s+/g, ' ');
    return trimmed === '' ? undefined : { kind: 'substring', text: trimmed };
  }
  const words = wordsOf(text);
  if (words.length === 0) return undefined;
  // A closed phrase is exact; anything still being typed ends in a prefix, once it has two
  // characters: one letter begins a good part of all words, which matches nearly every note.
  const last = words[words.length - 1] ?? '';
  const prefix = !(quoted && closed) && [...last].length >= MIN_PREFIX_LENGTH;
  return { kind: 'words', words, prefix };
}

/** `links:Name`: the name as a link would write it (heading and shown text aside). */
function linksTerm(written: string): SearchTerm | undefined {
  const name = written.split('|')[0]?.split('#')[0]?.trim() ?? '';
  return name === '' ? undefined : { kind: 'links', name };
}

/**
 * Reads what a user typed: words (each a prefix), `"phrases"`, `-excluded` terms, `tag:word`
 * and `links:Name` (`links:"Two words"`).
 * Operators of the engines' own syntaxes are plain text here; stray quotes and dashes are
 * forgiven, so any text gives a query or a clear error.
 */
export function parseSearchQuery(input: string): SearchQuery {
  const query: SearchQuery = { include: [], exclude: [] };
  for (const match of input.normalize('NFC').matchAll(CHUNK)) {
    const [chunk, minus = '', links, linkedName, linkedWord, phrase, plain] = match;
    const quoted = phrase !== undefined;
    const term = links
      ? linksTerm(linkedName ?? linkedWord ?? '')
      : termOf(
          phrase ?? plain ?? '',
          quoted,
          quoted && chunk.endsWith('"') && chunk.length > minus.length + 1,
        );
    if (!term) continue;
    (minus ? query.exclude : query.include).push(term);
  }
  if (query.include.length + query.exclude.length > MAX_QUERY_TERMS) {
    throw invalidInput(`A search can have at most ${MAX_QUERY_TERMS} terms`);
  }
  return query;
}

export const isEmptyQuery = (query: SearchQuery) =>
  query.include.length === 0 && query.exclude.length === 0;
