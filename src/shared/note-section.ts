import { readMarkdown } from './markdown/read-markdown.js';
import { linkKey } from './wiki-links.js';

/**
 * The places a link's `#…` names in a note: a heading (`[[Note#Day 2]]`, compared as link
 * names are) or a block (`[[Note#^id]]`: the line ending in ` ^id`, or the `^id` line under a
 * list or table, as Obsidian writes them).
 */

const ATX_HEADING = /^ {0,3}(#{1,6})[ \t]+(.*?)(?:[ \t]+#+)?[ \t]*$/;
/** Longer lines are not taken for headings: the pattern above would read them in quadratic time. */
const LONGEST_HEADING = 1_000;
const LIST_ITEM = /^\s*(?:[-+*]|\d{1,9}[.)])\s/;

/** The level of the heading a line is (1 to 6), or undefined. */
function headingLevel(line: string): number | undefined {
  if (line.length > LONGEST_HEADING || !line.includes('#')) return undefined;
  return ATX_HEADING.exec(line)?.[1]?.length;
}

/** Whether a line is the place `place` (what follows the `#` of a link) names. */
export function placeMatcher(place: string): (line: string) => boolean {
  if (place.startsWith('^')) {
    return (line) => {
      const text = line.trimEnd();
      const before = text.charAt(text.length - place.length - 1);
      return text.endsWith(place) && (text.length === place.length || /\s/.test(before));
    };
  }
  const wanted = linkKey(place);
  return (line) => {
    if (line.length > LONGEST_HEADING || !line.includes('#')) return false;
    const text = ATX_HEADING.exec(line)?.[2];
    return text !== undefined && linkKey(text) === wanted;
  };
}

interface Line {
  from: number;
  to: number;
  prose: boolean;
}

/** The text's lines, each told prose unless blank or in a code block. */
function linesOf(text: string): Line[] {
  const blocks = readMarkdown(text).code.filter((code) => code.block);
  let block = 0;
  const lines: Line[] = [];
  const lineBreak = /\r\n|\r|\n/g;
  let start = 0;
  for (;;) {
    const match = lineBreak.exec(text);
    const end = match ? match.index : text.length;
    while (block < blocks.length && (blocks[block] as { to: number }).to <= start) block += 1;
    const inCode = block < blocks.length && (blocks[block] as { from: number }).from <= end;
    const blank = !/\S/.test(text.slice(start, end));
    lines.push({ from: start, to: end, prose: !inCode && !blank });
    if (!match) return lines;
    start = match.index + match[0].length;
  }
}

/**
 * The part of a note that `![[Note#place]]` shows: a heading's section, up to the next heading
 * as high; a list item ending in ` ^id`; the paragraph holding that line; or, for a `^id` line
 * of its own, the list or table above it. Undefined when the note has no such place.
 */
export function noteSection(text: string, place: string): string | undefined {
  const lines = linesOf(text);
  const lineText = (at: number) => {
    const line = lines[at] as Line;
    return text.slice(line.from, line.to);
  };
  const blank = (at: number) => lineText(at).trim() === '';
  const isPlace = placeMatcher(place);
  const at = lines.findIndex((line, index) => line.prose && isPlace(lineText(index)));
  if (at === -1) return undefined;
  const slice = (first: number, last: number) =>
    text.slice((lines[first] as Line).from, (lines[last] as Line).to);
  if (!place.startsWith('^')) {
    const level = headingLevel(lineText(at)) ?? 1;
    let end = at + 1;
    while (end < lines.length) {
      const next = lines[end] as Line;
      if (next.prose && (headingLevel(lineText(end)) ?? 7) <= level) break;
      end += 1;
    }
    let last = end - 1;
    while (last > at && blank(last)) last -= 1;
    return slice(at, last);
  }
  if (LIST_ITEM.test(lineText(at))) return lineText(at);
  // A block ends at a blank line or a heading.
  const ends = (index: number) => blank(index) || headingLevel(lineText(index)) !== undefined;
  let first = at;
  let last = at;
  if (lineText(at).trim() === place) {
    last = at - 1;
    while (last >= 0 && blank(last)) last -= 1;
    if (last < 0) return undefined;
    first = last;
  } else {
    while (last + 1 < lines.length && !ends(last + 1)) last += 1;
  }
  while (first > 0 && !ends(first - 1)) first -= 1;
  return slice(first, last);
}
