import type { Backlink } from '../../shared/backlinks.js';
import type { Note } from '../../shared/note.js';
import { linkKey, wikiLinks } from '../../shared/wiki-links.js';

/** Longest snippet: a long line is cut around its link. */
const SNIPPET_LENGTH = 200;
const LEAD = 60;

const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;
const isBreak = (char: string | undefined) => char === '\n' || char === '\r';

/** The line holding the link at [at, linkEnd), whitespace runs as one space, cut around it. */
function lineAround(body: string, at: number, linkEnd: number): string {
  let start = at;
  while (start > 0 && !isBreak(body[start - 1])) start -= 1;
  let end = linkEnd;
  while (end < body.length && !isBreak(body[end])) end += 1;
  let from = end - start > SNIPPET_LENGTH ? Math.max(start, at - LEAD) : start;
  let until = Math.min(end, from + SNIPPET_LENGTH);
  // A cut never splits a character written as two UTF-16 units.
  if (isLowSurrogate(body.charCodeAt(from)) && from > start) from += 1;
  if (isLowSurrogate(body.charCodeAt(until)) && until < end) until -= 1;
  const cut = (from > start ? '…' : '') + body.slice(from, until) + (until < end ? '…' : '');
  return cut.replace(/\s+/g, ' ').trim();
}

/**
 * A linking note as the backlinks answer it: its first link leading to a name in `names` (the
 * linked note's names, as `linkKey` makes them), its offset and its line.
 */
export function backlinkOf(note: Note, names: ReadonlySet<string>): Backlink {
  const link = wikiLinks(note.body).find((found) => names.has(linkKey(found.target)));
  // The index says the note links here; a link is always found unless the index is stale.
  if (!link) return { note, snippet: '', at: 0 };
  return { note, snippet: lineAround(note.body, link.from, link.to), at: link.from };
}
