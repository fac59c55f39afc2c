import { wikiLinkEnd } from './markdown/quire-markdown.js';
import { readMarkdown } from './markdown/read-markdown.js';
import { nonBlankLines, noteTitle, titleSearchStart } from './note-display.js';
import { propertiesBlock, readProperties } from './note-properties.js';
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
 * The links in a note's text, in order, as the Markdown reader finds them: outside code and the
 * properties block.
 */
export function wikiLinks(text: string): WikiLink[] {
  if (!text.includes('[[')) return [];
  return readMarkdown(text).links.flatMap(({ from, to }) => linkAt(text, from, to) ?? []);
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

const HEADING_MARKS = /^\s{0,3}#{1,6}(?:\s+|$)/;

/**
 * A note's title as links name it: its title read after any front matter (which names the note
 * by its aliases instead), without the `#`s of a heading.
 */
export function linkTitle(body: string): string | undefined {
  return noteTitle(body, titleSearchStart(body))?.replace(HEADING_MARKS, '').trim() || undefined;
}

/**
 * Whether `text` already starts with `title`: its first line with text, read as a heading or
 * not, is the title. Importers ask it before putting a source's own title on top.
 */
export function startsWithTitle(text: string, title: string): boolean {
  const first = nonBlankLines(text).next();
  return !first.done && first.value.replace(HEADING_MARKS, '').trim() === title.trim();
}

/**
 * Where a note's title line starts: the first line with text, after any front matter; undefined
 * for a note with no text there. The editor styles that line as the title.
 */
export function titleLineStart(body: string): number | undefined {
  const from = titleSearchStart(body);
  const text = /\S/.exec(body.slice(from));
  if (!text) return undefined;
  return body.lastIndexOf('\n', from + text.index) + 1;
}

/**
 * The other names a note gives itself in its properties (front matter at the top, or a block
 * right after the title line): `aliases: [a, b]`, `aliases: a`, or a block list of `- a` lines
 * under `aliases:`.
 */
export function noteAliases(body: string): string[] {
  const yaml = propertiesBlock(body)?.yaml;
  if (yaml === undefined) return [];
  const aliases = readProperties(yaml).properties.find((property) => property.name === 'aliases');
  return aliases?.values.filter((name) => name !== '') ?? [];
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
  return titleAndNames(note.body).names;
}

/** A note's title as links name it, and all its names: that title, then its aliases. */
export function titleAndNames(body: string): { title: string | undefined; names: string[] } {
  const title = linkTitle(body);
  const aliases = noteAliases(body);
  return { title, names: title === undefined ? aliases : [title, ...aliases] };
}

/** The note a link's target names, if any. */
export function resolveLink<N>(index: ReadonlyMap<string, N>, target: string): N | undefined {
  return index.get(linkKey(target));
}
