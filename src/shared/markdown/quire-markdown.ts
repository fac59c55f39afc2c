import { GFM, type InlineContext, type MarkdownConfig, parser } from '@lezer/markdown';

// Quire's own Markdown beside GitHub's: `[[wiki links]]` and `#tags`. The editor's language
// and the reader (read-markdown.ts) take these same extensions, so they agree on what is what.

const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const HASH = 0x23;
const BANG = 0x21;
const BACKTICK = 0x60;

/**
 * Just past the `]]` of the wiki link whose `[[` is at `at` of `text`, or -1 when none closes
 * there: the inside stops at the first bracket or line break (no nesting), and may hold
 * backticks. Each character is looked at once per `[`, so a line costs its length.
 */
export function wikiLinkEnd(text: string, at: number, end = text.length): number {
  if (text.charCodeAt(at) !== OPEN_BRACKET || text.charCodeAt(at + 1) !== OPEN_BRACKET) return -1;
  let close = at + 2;
  while (close < end) {
    const char = text.charCodeAt(close);
    if (char === OPEN_BRACKET || char === CLOSE_BRACKET || char === 0x0a || char === 0x0d) break;
    close += 1;
  }
  return close + 1 < end &&
    text.charCodeAt(close) === CLOSE_BRACKET &&
    text.charCodeAt(close + 1) === CLOSE_BRACKET
    ? close + 2
    : -1;
}

/**
 * `[[Title]]`, `[[Title#Heading|shown]]`, and embeds `![[Title]]`: read before Markdown's own
 * links and code spans, so the whole link is one node and what is inside it (a heading, code in
 * what it shows) is part of the link.
 */
const WikiLinks: MarkdownConfig = {
  defineNodes: [{ name: 'WikiLink' }, { name: 'WikiLinkMark' }, { name: 'Embed' }],
  parseInline: [
    {
      name: 'WikiLink',
      parse(cx: InlineContext, next: number, pos: number) {
        const embed = next === BANG;
        if (!embed && next !== OPEN_BRACKET) return -1;
        const from = embed ? pos + 1 : pos;
        const to = wikiLinkEnd(cx.text, from - cx.offset);
        if (to === -1) return -1;
        const end = to + cx.offset;
        const link = cx.elt('WikiLink', from, end, [
          cx.elt('WikiLinkMark', from, from + 2),
          cx.elt('WikiLinkMark', end - 2, end),
        ]);
        return cx.addElement(embed ? cx.elt('Embed', pos, end, [link]) : link);
      },
      before: 'Link',
    },
  ],
};

/**
 * A tag's name after its `#`: letters and digits, the first a letter; `/` followed by letters
 * or digits nests it (`#parent/child`).
 */
const TAG_NAME = /\p{L}[\p{L}\p{N}\p{M}]*(?:\/[\p{L}\p{N}\p{M}]+)*/uy;
/** What may not stand right before a tag's `#`: `C#`, `a#b` and `##x` are not tags. */
const WORD_END = /[\p{L}\p{N}\p{M}#]$/u;

/**
 * `#tag`: a `#` at the start of text or after a character that is neither a letter, a digit
 * nor `#`, then its name. Headings (`# Title`) are not tags; in code, addresses and links'
 * targets no tag is read, as those are read first.
 */
const Tags: MarkdownConfig = {
  defineNodes: [{ name: 'Tag' }, { name: 'TagMark' }],
  parseInline: [
    {
      name: 'Tag',
      parse(cx: InlineContext, next: number, pos: number) {
        if (next !== HASH) return -1;
        const at = pos - cx.offset;
        if (at > 0 && WORD_END.test(cx.text.slice(Math.max(0, at - 2), at))) return -1;
        TAG_NAME.lastIndex = at + 1;
        const name = TAG_NAME.exec(cx.text);
        if (!name) return -1;
        const end = pos + 1 + name[0].length;
        return cx.addElement(cx.elt('Tag', pos, end, [cx.elt('TagMark', pos, pos + 1)]));
      },
    },
  ],
};

/** Where the backtick runs of one inline section start, by length, each list read once. */
type BacktickRuns = Map<number, { starts: number[]; next: number }>;

const runsOfSection = new WeakMap<InlineContext, BacktickRuns>();

function backtickRuns(cx: InlineContext): BacktickRuns {
  let runs = runsOfSection.get(cx);
  if (runs) return runs;
  runs = new Map();
  const { text } = cx;
  for (let at = text.indexOf('`'); at !== -1; at = text.indexOf('`', at)) {
    const start = at;
    while (text.charCodeAt(at) === BACKTICK) at += 1;
    const held = runs.get(at - start);
    if (held) held.starts.push(start + cx.offset);
    else runs.set(at - start, { starts: [start + cx.offset], next: 0 });
  }
  runsOfSection.set(cx, runs);
  return runs;
}

/**
 * Inline code as CommonMark reads it (a run of backticks to the next run of the same length),
 * found in linear time: Markdown's own reader looks for each run's closing run to the end of the
 * paragraph, so a line of runs of many lengths took time growing with its square.
 */
const LinearInlineCode: MarkdownConfig = {
  remove: ['InlineCode'],
  parseInline: [
    {
      name: 'LinearInlineCode',
      parse(cx: InlineContext, next: number, start: number) {
        if (next !== BACKTICK || (start > cx.offset && cx.char(start - 1) === BACKTICK)) return -1;
        let end = start;
        while (cx.char(end) === BACKTICK) end += 1;
        const size = end - start;
        const same = backtickRuns(cx).get(size);
        if (!same) return -1;
        while (same.next < same.starts.length && (same.starts[same.next] as number) < end) {
          same.next += 1;
        }
        const closing = same.starts[same.next];
        if (closing === undefined) return -1;
        return cx.addElement(
          cx.elt('InlineCode', start, closing + size, [
            cx.elt('CodeMark', start, end),
            cx.elt('CodeMark', closing, closing + size),
          ]),
        );
      },
      after: 'Entity',
    },
  ],
};

const SPACE_CHAR = 0x20;

/**
 * A line break made by two spaces or more at a line's end (or a backslash), as CommonMark has
 * it, looked for only where a run of spaces starts: Markdown's own reader looked from every
 * space of a run to its end, so a long run of spaces took time growing with its square.
 */
const LinearHardBreak: MarkdownConfig = {
  remove: ['HardBreak'],
  parseInline: [
    {
      name: 'LinearHardBreak',
      parse(cx: InlineContext, next: number, start: number) {
        if (next === 0x5c && cx.char(start + 1) === 0x0a) {
          return cx.addElement(cx.elt('HardBreak', start, start + 2));
        }
        if (next !== SPACE_CHAR || cx.char(start - 1) === SPACE_CHAR) return -1;
        let pos = start + 1;
        while (cx.char(pos) === SPACE_CHAR) pos += 1;
        if (cx.char(pos) === 0x0a && pos >= start + 2) {
          return cx.addElement(cx.elt('HardBreak', start, pos + 1));
        }
        return -1;
      },
      after: 'Emphasis',
    },
  ],
};

/** Quire's extensions to Markdown, for a parser that reads GitHub's already (the editor's). */
export const quireMarkdownExtensions: MarkdownConfig[] = [
  LinearInlineCode,
  LinearHardBreak,
  WikiLinks,
  Tags,
];

/** Past these a link's destination or title is not one: each `](` costs a bounded look. */
const LONGEST_DESTINATION = 2_000;
const LONGEST_TITLE = 1_000;
const SPACE = /[ \t]/;

/** Just past a destination starting at `at` (`<…>`, or text with balanced parentheses), or -1. */
function destinationEnd(text: string, at: number): number {
  const end = Math.min(text.length, at + LONGEST_DESTINATION);
  if (text.charCodeAt(at) === 0x3c) {
    for (let pos = at + 1; pos < end; pos += 1) {
      const char = text.charCodeAt(pos);
      if (char === 0x3e) return pos + 1;
      if (char === 0x3c || char === 0x0a || char === 0x0d) return -1;
    }
    return -1;
  }
  let depth = 0;
  let pos = at;
  for (; pos < end; pos += 1) {
    const char = text.charCodeAt(pos);
    if (char <= 0x20) break;
    if (char === 0x5c) pos += 1;
    else if (char === 0x28) depth += 1;
    else if (char === 0x29) {
      if (depth === 0) break;
      depth -= 1;
    }
  }
  return depth === 0 ? pos : -1;
}

/** Just past an optional title and the closing `)` from `at`, or -1 when neither is there. */
function closingEnd(text: string, at: number): number {
  let pos = at;
  while (SPACE.test(text.charAt(pos))) pos += 1;
  const open = text.charAt(pos);
  const close = open === '"' ? '"' : open === "'" ? "'" : open === '(' ? ')' : undefined;
  if (close !== undefined) {
    const end = text.indexOf(close, pos + 1);
    if (end === -1 || end - pos > LONGEST_TITLE) return -1;
    pos = end + 1;
    while (SPACE.test(text.charAt(pos))) pos += 1;
  }
  return text.charCodeAt(pos) === 0x29 ? pos + 1 : -1;
}

/**
 * Where a link or a picture leads (`](address "title")`), read so that nothing in it is taken
 * for a tag or a link. Markdown's own links are left out of the reader: resolving each one
 * walks back over everything before it in its paragraph, so a paragraph of many links took time
 * growing with its square. A link's text is read as any other text.
 */
const LinkDestinations: MarkdownConfig = {
  remove: ['Link', 'Image', 'LinkEnd'],
  defineNodes: [{ name: 'LinkDestination' }],
  parseInline: [
    {
      name: 'LinkDestination',
      parse(cx: InlineContext, next: number, pos: number) {
        if (next !== CLOSE_BRACKET || cx.char(pos + 1) !== 0x28) return -1;
        const at = pos + 2 - cx.offset;
        let start = at;
        while (SPACE.test(cx.text.charAt(start))) start += 1;
        const destination = destinationEnd(cx.text, start);
        const end = destination === -1 ? -1 : closingEnd(cx.text, destination);
        if (end === -1) return -1;
        return cx.addElement(cx.elt('LinkDestination', pos, end + cx.offset));
      },
    },
  ],
};

/**
 * Markdown as Quire reads it: CommonMark, GitHub's extensions, then Quire's own; links' text as
 * text and their destinations skipped, in time linear in the text.
 */
export const quireMarkdownParser = parser.configure([
  GFM,
  quireMarkdownExtensions,
  LinkDestinations,
]);
