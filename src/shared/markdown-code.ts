/**
 * Where a Markdown text's prose is, outside its code: what is written in code (a fenced or
 * indented block, an inline span) is shown as written, so no link, embed or file reference in it
 * counts. Offsets are `[from, to)` into the text.
 */

const BLANK = /^\s*$/;
const FENCE = /^ {0,3}(`{3,}|~{3,})(.*)$/;
const INDENTED = /^(?: {4}|\t)/;
const LIST_ITEM = /^ {0,3}(?:[-+*]|\d{1,9}[.)])(?:\s|$)/;

/** The fence a line opens (its backticks or tildes), if it opens one. */
function openingFence(line: string): string | undefined {
  const [, fence, info = ''] = FENCE.exec(line) ?? [];
  // A backtick fence's info string may not hold a backtick (that is inline code).
  if (!fence || (fence.startsWith('`') && info.includes('`'))) return undefined;
  return fence;
}

/** Whether a line closes a block opened by `fence`: the same mark, at least as long, alone. */
function closesFence(line: string, fence: string): boolean {
  const [, closing, rest = ''] = FENCE.exec(line) ?? [];
  return (
    closing !== undefined &&
    closing[0] === fence[0] &&
    closing.length >= fence.length &&
    BLANK.test(rest)
  );
}

/**
 * The non-blank lines outside fenced and indented code blocks, in order. Indented lines inside
 * a list are read as the list's text, not as code.
 */
export function* proseLines(text: string): Generator<[from: number, to: number]> {
  const lineBreak = /\r\n|\r|\n/g;
  let fence: string | null = null;
  let previousBlank = true;
  let inCodeBlock = false;
  let inList = false;
  let start = 0;
  for (;;) {
    const match = lineBreak.exec(text);
    const end = match ? match.index : text.length;
    const line = text.slice(start, end);
    const blank = BLANK.test(line);
    if (fence !== null) {
      if (closesFence(line, fence)) fence = null;
    } else {
      const opening = openingFence(line);
      const indented = !blank && INDENTED.test(line) && !inList && (previousBlank || inCodeBlock);
      if (opening) {
        fence = opening;
        inCodeBlock = false;
      } else if (indented) {
        inCodeBlock = true;
      } else if (!blank) {
        inCodeBlock = false;
        if (LIST_ITEM.test(line)) inList = true;
        else if (!INDENTED.test(line) && previousBlank) inList = false;
        yield [start, end];
      }
    }
    previousBlank = blank;
    if (!match) return;
    start = match.index + match[0].length;
  }
}

/**
 * Just past the `]]` of the wiki link whose `[[` is at `at`, or -1 when none closes there: the
 * inside stops at the first bracket or line break (no nesting), and may hold backticks.
 */
export function wikiLinkEnd(text: string, at: number, end = text.length): number {
  if (text.charCodeAt(at) !== 0x5b || text.charCodeAt(at + 1) !== 0x5b) return -1;
  let close = at + 2;
  while (close < end) {
    const char = text.charCodeAt(close);
    if (char === 0x5b || char === 0x5d || char === 0x0a || char === 0x0d) break;
    close += 1;
  }
  return close + 1 < end && text.charCodeAt(close) === 0x5d && text.charCodeAt(close + 1) === 0x5d
    ? close + 2
    : -1;
}

/**
 * The stretches of `text[start, end)` (one line, say) between its inline code spans. Whichever
 * opens first wins: a code span hides the links in it, and a wiki link may show code in its
 * text (`[[Functions#hasTag|`hasTag`]]`), as in Obsidian. Linear in the stretch: its backtick
 * runs are listed once by length, and a run's closing run is the next one of its length.
 */
export function* outsideCodeSpans(
  text: string,
  start = 0,
  end = text.length,
): Generator<[from: number, to: number]> {
  const runs = backtickRuns(text, start, end);
  let from = start;
  let at = start;
  while (at < end) {
    const char = text.charCodeAt(at);
    if (char === 0x5b && text.charCodeAt(at - 1) !== 0x5c) {
      const linkEnd = wikiLinkEnd(text, at, end);
      at = linkEnd === -1 ? at + 1 : linkEnd;
    } else if (char === 0x60) {
      const run = runEnd(text, at, end);
      const closing = runs.nextAfter(run - at, run);
      if (closing === undefined) at = run;
      else {
        if (at > from) yield [from, at];
        from = closing + (run - at);
        at = from;
      }
    } else at += 1;
  }
  if (end > from) yield [from, end];
}

/**
 * Where the runs of backticks of `text[start, end)` start, by length. Asked in increasing
 * order of offset, each list is walked once.
 */
function backtickRuns(text: string, start: number, end: number) {
  // Most lines have no backtick: no map is made for them.
  let byLength: Map<number, { starts: number[]; next: number }> | undefined;
  // Looked for character by character: `indexOf` would read on past `end`, line after line.
  for (let at = start; at < end; at += 1) {
    if (text.charCodeAt(at) !== 0x60) continue;
    const run = runEnd(text, at, end);
    byLength ??= new Map();
    const runs = byLength.get(run - at);
    if (runs) runs.starts.push(at);
    else byLength.set(run - at, { starts: [at], next: 0 });
    at = run - 1;
  }
  return {
    /** The start of the first run of `length` backticks at or after `after`, if any. */
    nextAfter(length: number, after: number): number | undefined {
      const runs = byLength?.get(length);
      if (!runs) return undefined;
      while (runs.next < runs.starts.length && (runs.starts[runs.next] as number) < after) {
        runs.next += 1;
      }
      return runs.starts[runs.next];
    },
  };
}

/** Just past the run of backticks starting at `at`. */
function runEnd(text: string, at: number, end: number): number {
  let run = at;
  while (run < end && text.charCodeAt(run) === 0x60) run += 1;
  return run;
}

/** The stretches of a Markdown text outside code blocks and inline code spans, in order. */
export function* proseStretches(text: string): Generator<[from: number, to: number]> {
  for (const [lineStart, lineEnd] of proseLines(text)) {
    yield* outsideCodeSpans(text, lineStart, lineEnd);
  }
}

/**
 * `text` with `pattern` (a global regular expression) replaced only in its prose: code is left
 * as written. A match never spans two stretches, as no Markdown link crosses code.
 */
export function replaceInProse(
  text: string,
  pattern: RegExp,
  replace: (match: string, ...groups: string[]) => string,
): string {
  let out = '';
  let copied = 0;
  for (const [from, to] of proseStretches(text)) {
    const stretch = text.slice(from, to);
    const replaced = stretch.replace(pattern, replace);
    if (replaced === stretch) continue;
    out += text.slice(copied, from) + replaced;
    copied = to;
  }
  return copied === 0 ? text : out + text.slice(copied);
}
