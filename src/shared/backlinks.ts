import type { Note } from './note.js';
import { linkKey, type WikiLink, wikiLinkAt, wikiLinks } from './wiki-links.js';

/**
 * A note that links to another: the note, the line holding its first link to it (plain text, not
 * HTML), and where that link starts in its body (`at`, UTF-16 units), so a client can open it
 * there.
 */
export interface Backlink {
  note: Note;
  snippet: string;
  at: number;
}

/** `GET /api/notes/{id}/backlinks` — the notes linking to this one, most recently modified first. */
export interface BacklinksResponse {
  results: Backlink[];
}

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

/** Where the line holding `at` ends. */
function lineEnd(body: string, at: number): number {
  let end = at;
  while (end < body.length && !isBreak(body[end])) end += 1;
  return end;
}

// What code needs: a backtick (spans, fences), a tilde (fences), a tab or four spaces (indented).
const MAY_BE_CODE = /[`~\t]| {4}/;

/**
 * The first link outside code leading to one of `names`. A body is read only up to the line of
 * the first `[[…]]` naming one (whether it is code depends on the lines before it), and once in
 * full if that one was code. Text up to there without a mark of code is plain text, whose links
 * are all there is to find.
 */
function firstLinkTo(body: string, names: ReadonlySet<string>): WikiLink | undefined {
  const leads = (link: WikiLink | null) => link !== null && names.has(linkKey(link.target));
  for (let at = body.indexOf('[['); at !== -1; at = body.indexOf('[[', at + 1)) {
    const written = wikiLinkAt(body, at);
    if (!written || !leads(written)) continue;
    const prefix = body.slice(0, lineEnd(body, written.to));
    if (!MAY_BE_CODE.test(prefix) && body.charCodeAt(at - 1) !== 0x5c) return written;
    const found = wikiLinks(prefix).find(leads);
    if (found) return found;
    break;
  }
  return wikiLinks(body).find(leads);
}

/**
 * A linking note as the backlinks answer it, on the server and on a device offline alike: its
 * first link leading to a name in `names` (the linked note's names, as `linkKey` makes them),
 * its offset and its line.
 */
export function backlinkOf(note: Note, names: ReadonlySet<string>): Backlink {
  const link = firstLinkTo(note.body, names);
  // The index says the note links here; a link is always found unless the index is stale.
  if (!link) return { note, snippet: '', at: 0 };
  return { note, snippet: lineAround(note.body, link.from, link.to), at: link.from };
}
