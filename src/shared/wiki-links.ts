import { outsideCodeSpans, proseLines, wikiLinkEnd } from './markdown-code.js';
import { noteDisplay } from './note-display.js';
import { tagName } from './note-tags.js';

/** A `[[Title]]`, `[[Title|shown]]`, `[[Title#Heading]]` or `[[Title#Heading|shown]]` in a text. */
export interface WikiLink {
  /** Offset of the first `[` and just past the last `]`. */
  from: number;
  to: number;
  /** The title of the note it names, trimmed. */
  target: string;
  /** The heading after `#`, trimmed; undefined when none is named. */
  heading: string | undefined;
  /** What a reader sees: the text after `|`, else the target as written (with its heading). */
  shown: string;
}

/** The link written at `at` (where its `[[` is), or null when none starts there. */
export function wikiLinkAt(text: string, at = 0): WikiLink | null {
  if (text.charCodeAt(at) !== 0x5b || text.charCodeAt(at + 1) !== 0x5b) return null;
  return linkAt(text, at, text.length);
}

/** Reads one `[[…]]` starting at `at` (which holds `[[`); null when it is not a link. */
function linkAt(text: string, at: number, end: number): WikiLink | null {
  const to = wikiLinkEnd(text, at, end);
  if (to === -1) return null;
  const inside = text.slice(at + 2, to - 2);
  const bar = inside.indexOf('|');
  // In a table the bar is written `\|`, so the table keeps the link in one cell.
  const targetEnd = bar > 0 && inside.charCodeAt(bar - 1) === 0x5c ? bar - 1 : bar;
  const written = (bar === -1 ? inside : inside.slice(0, targetEnd)).trim();
  const hash = written.indexOf('#');
  const target = (hash === -1 ? written : written.slice(0, hash)).trim();
  if (target === '') return null;
  const heading = hash === -1 ? undefined : written.slice(hash + 1).trim() || undefined;
  const shown = bar === -1 ? written : inside.slice(bar + 1).trim() || written;
  return { from: at, to, target, heading, shown };
}

/**
 * The links in one line (or any stretch of text outside code blocks), skipping inline code
 * spans.
 */
export function wikiLinksInLine(text: string, start = 0, end = text.length): WikiLink[] {
  const links: WikiLink[] = [];
  for (const [from, to] of outsideCodeSpans(text, start, end)) {
    let at = from;
    while (at < to - 1) {
      const opens = text.charCodeAt(at) === 0x5b && text.charCodeAt(at + 1) === 0x5b;
      const link = opens && text.charCodeAt(at - 1) !== 0x5c ? linkAt(text, at, to) : null;
      if (link) links.push(link);
      at = link ? link.to : at + 1;
    }
  }
  return links;
}

/**
 * The links in a note's text, in order, outside inline code, fenced code blocks and indented
 * code blocks.
 */
export function wikiLinks(text: string): WikiLink[] {
  if (!text.includes('[[')) return [];
  const links: WikiLink[] = [];
  for (const [from, to] of proseLines(text)) links.push(...wikiLinksInLine(text, from, to));
  return links;
}

/**
 * A name as links compare it: case and Latin, Greek and Cyrillic accents folded as tag names
 * are, Unicode-normalized, runs of spaces as one.
 */
export function linkKey(name: string): string {
  const spaced = name.trim().replace(/\s+/g, ' ');
  // Plain ASCII has no accents to fold: most titles skip the Unicode work.
  return PLAIN_ASCII.test(spaced) ? spaced.toLowerCase() : tagName(spaced);
}

const PLAIN_ASCII = /^[\x20-\x7e]*$/;

const FRONT_MATTER = /^---[ \t]*\r?\n([\s\S]*?)\r?\n(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/;

const HEADING_MARKS = /^\s{0,3}#{1,6}(?:\s+|$)/;

/**
 * A note's title as links name it: its list title without the `#`s of a heading, read after
 * any front matter (which names the note by its aliases instead).
 */
export function linkTitle(body: string): string | undefined {
  const front = body.startsWith('---') ? FRONT_MATTER.exec(body) : null;
  const title = noteDisplay(front ? body.slice(front[0].length) : body).title;
  if (title === undefined) return undefined;
  return title.replace(HEADING_MARKS, '').trim() || undefined;
}

/** A properties block after the title line is a few lines; past this it is text. */
export const MAX_PROPERTIES_CHARS = 16 * 1024;
/** The block's first line must be a YAML key, so a rule under a title is not taken for one. */
const PROPERTIES_START = /^---[ \t]*\r?\n[ \t]*[\p{L}\p{N}_-]+[ \t]*:/u;

/**
 * Where a note's properties block starts: at the very top (front matter, as Obsidian writes it),
 * or right after the title line, blank lines apart (where an import puts it, as a note's first
 * line is its title). Each character is looked at a bounded number of times.
 */
function propertiesStart(body: string): number | undefined {
  if (body.startsWith('---')) return 0;
  const title = /\S/.exec(body);
  if (!title) return undefined;
  let at = body.indexOf('\n', title.index);
  if (at === -1) return undefined;
  while (at < body.length) {
    const char = body.charCodeAt(at);
    if (char !== 0x0a && char !== 0x0d && char !== 0x20 && char !== 0x09) break;
    at += 1;
  }
  // Back to the start of the line the block opens on.
  while (at > 0 && body.charCodeAt(at - 1) !== 0x0a) at -= 1;
  return PROPERTIES_START.test(body.slice(at, at + 256)) ? at : undefined;
}

/** The YAML text of a note's properties block, wherever `propertiesStart` finds it. */
export function propertiesOf(body: string): string | undefined {
  const start = propertiesStart(body);
  if (start === undefined) return undefined;
  const head = start === 0 ? body : body.slice(start, start + MAX_PROPERTIES_CHARS + 16);
  return FRONT_MATTER.exec(head)?.[1];
}

const ALIASES_KEY = /^aliases[ \t]*:[ \t]*(.*)$/;
// One item of an inline list: a quoted string (commas and all) or the text up to a comma.
const INLINE_ITEM = /\s*"[^"]*"\s*|\s*'[^']*'\s*|[^,]+/g;

/** One YAML scalar as written in a simple list: quotes taken off. */
function unquote(value: string): string {
  const text = value.trim();
  const quoted = /^(["'])(.*)\1$/.exec(text);
  return (quoted ? (quoted[2] ?? '') : text).trim();
}

/**
 * The other names a note gives itself in its properties (front matter at the top, or a block
 * right after the title line): `aliases: [a, b]`, `aliases: a`, or a block list of `- a` lines
 * under `aliases:`. Only this simple YAML is read (no escapes, no nested lists).
 */
export function noteAliases(body: string): string[] {
  const front = propertiesOf(body);
  if (front === undefined) return [];
  const lines = front.split(/\r?\n/);
  const index = lines.findIndex((line) => ALIASES_KEY.test(line));
  if (index === -1) return [];
  const value = (ALIASES_KEY.exec(lines[index] ?? '')?.[1] ?? '').trim();
  let names: string[];
  if (value.startsWith('[')) {
    const items = value.replace(/^\[|\]$/g, '').matchAll(INLINE_ITEM);
    names = Array.from(items, (item) => unquote(item[0]));
  } else if (value !== '') {
    names = [unquote(value)];
  } else {
    names = [];
    for (const line of lines.slice(index + 1)) {
      const item = /^\s*-\s+(.*)$/.exec(line);
      if (!item) break;
      names.push(unquote(item[1] ?? ''));
    }
  }
  return names.filter((name) => name !== '');
}

/** A note as links see it. */
export interface LinkableNote {
  id: string;
  body: string;
  timeLastModified: number;
}

/**
 * Which note each name leads to: a note is named by its title and its aliases. When notes
 * share a name the most recently modified wins, then the one earlier in `notes`.
 * `keysOf` (the note's names as `linkKey` makes them) may return cached keys.
 */
export function linkIndex<N extends LinkableNote>(
  notes: Iterable<N>,
  keysOf: (note: N) => readonly string[] = (note) => linkNames(note).map(linkKey),
): Map<string, N> {
  const index = new Map<string, N>();
  for (const note of notes) {
    for (const key of keysOf(note)) {
      const held = index.get(key);
      if (!held || note.timeLastModified > held.timeLastModified) index.set(key, note);
    }
  }
  return index;
}

/** The names a note can be linked by: its title, then its aliases. */
export function linkNames(note: { body: string }): string[] {
  const title = linkTitle(note.body);
  const aliases = noteAliases(note.body);
  return title === undefined ? aliases : [title, ...aliases];
}

/** The note a link's target names, if any. */
export function resolveLink<N>(index: ReadonlyMap<string, N>, target: string): N | undefined {
  return index.get(linkKey(target));
}
