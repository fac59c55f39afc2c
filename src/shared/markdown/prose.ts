import { readMarkdown } from './read-markdown.js';

/**
 * The stretches of a Markdown text outside its code, in order, each within one line: what is
 * written in code is shown as written, so no link, embed or file reference in it counts.
 */
export function* proseStretches(text: string): Generator<[from: number, to: number]> {
  let from = 0;
  const lineBreak = /\r\n|\r|\n/g;
  const upTo = function* (end: number): Generator<[number, number]> {
    lineBreak.lastIndex = from;
    for (
      let match = lineBreak.exec(text);
      match && match.index < end;
      match = lineBreak.exec(text)
    ) {
      if (match.index > from) yield [from, match.index];
      from = match.index + match[0].length;
    }
    if (end > from) yield [from, end];
  };
  for (const code of readMarkdown(text).code) {
    yield* upTo(code.from);
    from = Math.max(from, code.to);
  }
  yield* upTo(text.length);
}

/**
 * `text` with `pattern` (a global regular expression) replaced only in its prose: code is left
 * as written. A match never spans two stretches, as no Markdown link crosses code or a line.
 */
export function replaceInProse(
  text: string,
  pattern: RegExp,
  replace: (match: string, ...groups: string[]) => string,
): string {
  // Most texts hold no match at all: they need not be read.
  pattern.lastIndex = 0;
  if (!pattern.test(text)) return text;
  pattern.lastIndex = 0;
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
