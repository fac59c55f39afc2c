import type { SearchTerm } from './search-query.js';

/** Characters of text shown around the best match. */
const SNIPPET_LENGTH = 160;
const LEAD = 24;
/** A match further into a huge note than this is not looked for; the snippet shows its start. */
const SCAN_LIMIT = 200_000;
const MAX_MATCHES = 500;

interface Match {
  start: number;
  end: number;
  term: number;
}

/** Case and diacritics folded, as both search engines fold them. */
export const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

interface Token {
  start: number;
  end: number;
  folded: string;
  tagged: boolean;
}

function tokensOf(text: string): Token[] {
  const tokens: Token[] = [];
  for (const match of text.matchAll(/[\p{L}\p{N}\p{M}]+/gu)) {
    const start = match.index;
    const tagged = text[start - 1] === '#';
    tokens.push({ start, end: start + match[0].length, folded: fold(match[0]), tagged });
  }
  return tokens;
}

function termMatches(text: string, tokens: Token[], term: SearchTerm, index: number): Match[] {
  const found: Match[] = [];
  // A linked name is found through the link index, not in the text.
  if (term.kind === 'links') return found;
  if (term.kind === 'substring') {
    for (let at = text.indexOf(term.text); at >= 0; at = text.indexOf(term.text, at + 1)) {
      found.push({ start: at, end: at + term.text.length, term: index });
    }
    return found;
  }
  const words = term.kind === 'tag' ? [fold(term.tag)] : term.words.map(fold);
  const prefix = term.kind === 'tag' || term.prefix;
  const last = words.length - 1;
  for (let i = 0; i + last < tokens.length; i += 1) {
    const hit = words.every((word, k) => {
      const token = tokens[i + k] as Token;
      return k === last && prefix ? token.folded.startsWith(word) : token.folded === word;
    });
    const first = tokens[i] as Token;
    if (!hit || (term.kind === 'tag' && !first.tagged)) continue;
    const start = term.kind === 'tag' ? first.start - 1 : first.start;
    found.push({ start, end: (tokens[i + last] as Token).end, term: index });
  }
  return found;
}

/** Where the window holding the most different terms starts (the earliest such). */
function bestAnchor(matches: Match[]): number {
  let best = matches[0]?.start ?? 0;
  let bestCount = 0;
  for (const anchor of matches) {
    const terms = new Set<number>();
    for (const match of matches) {
      if (match.start >= anchor.start && match.end <= anchor.start + SNIPPET_LENGTH - LEAD) {
        terms.add(match.term);
      }
    }
    if (terms.size > bestCount) [best, bestCount] = [anchor.start, terms.size];
  }
  return best;
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
const plain = (text: string) => escapeHtml(text.replace(/\s+/g, ' '));

/**
 * Plain text around the best match of the terms, HTML-escaped, each match in `<mark>`: made
 * here, the same for either database.
 */
export function makeSnippet(body: string, terms: SearchTerm[]): string {
  const text = body.slice(0, SCAN_LIMIT);
  const tokens = terms.some((term) => term.kind === 'words' || term.kind === 'tag')
    ? tokensOf(text)
    : [];
  const matches = terms
    .flatMap((term, index) => termMatches(text, tokens, term, index))
    .sort((a, b) => a.start - b.start || b.end - a.end)
    .slice(0, MAX_MATCHES);
  const anchor = bestAnchor(matches);
  // Near the start, the snippet is the start; further in, it opens a little before the match.
  let start = anchor <= LEAD * 2 ? 0 : anchor - LEAD;
  // Start at a word's beginning rather than in the middle of one.
  while (start > 0 && start < anchor && /\S/.test(text[start - 1] ?? '')) start += 1;
  const end = Math.min(text.length, start + SNIPPET_LENGTH);
  let html = start > 0 ? '…' : '';
  let at = start;
  for (const match of matches) {
    if (match.start < at || match.start >= end) continue;
    const matchEnd = Math.min(match.end, end);
    html += `${plain(text.slice(at, match.start))}<mark>${plain(text.slice(match.start, matchEnd))}</mark>`;
    at = matchEnd;
  }
  html += plain(text.slice(at, end));
  return (end < body.length ? `${html}…` : html).trim();
}
