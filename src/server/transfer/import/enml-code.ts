import type TurndownService from 'turndown';
import { type EnmlNode, isNamed, styleValue } from './enml-conversion.js';
import { HELD_MARK } from './enml-markup.js';

const asNode = (node: unknown) => node as EnmlNode;
const LINE_BLOCKS = new Set(['DIV', 'P', 'PRE', 'LI', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6']);

/** The text of a block of code, a line for each break and each line block, as it was shown. */
export function codeText(node: EnmlNode): string {
  const parts: string[] = [];
  const endLine = () => {
    const last = parts.at(-1);
    if (last !== undefined && !last.endsWith('\n')) parts.push('\n');
  };
  const walk = (at: EnmlNode) => {
    for (const child of Array.from(at.childNodes)) {
      if (child.nodeType === 3) parts.push(child.nodeValue ?? '');
      else if (isNamed(child, 'BR')) parts.push('\n');
      else if (child.nodeType === 1) {
        const isLine = LINE_BLOCKS.has(child.nodeName);
        if (isLine) endLine();
        walk(child);
        if (isLine) endLine();
      }
    }
  };
  walk(node);
  return parts.join('').replaceAll('\u00a0', ' ').replaceAll(HELD_MARK, '').replace(/\n$/, '');
}

/** A fence longer than any run of backticks in the code, so the code cannot end it. */
export function fenceFor(code: string): string {
  let longest = 0;
  let run = 0;
  for (const char of code) {
    run = char === '`' ? run + 1 : 0;
    longest = Math.max(longest, run);
  }
  return '`'.repeat(Math.max(3, longest + 1));
}

/** `<pre>` (with `<code>` or without) and Evernote's code blocks (`-en-codeblock:true`). */
const codeBlock: TurndownService.Rule = {
  filter: (node) => {
    const element = asNode(node);
    return (
      isNamed(element, 'PRE') ||
      (isNamed(element, 'DIV') && styleValue(element, '-en-codeblock') === 'true')
    );
  },
  replacement: (_content, node) => {
    const code = codeText(asNode(node));
    const fence = fenceFor(code);
    return `\n\n${fence}\n${code}\n${fence}\n\n`;
  },
};

/** Code blocks as fenced code, their lines and spaces as written. */
export function addCodeRules(turndown: TurndownService): void {
  turndown.addRule('evernote-code-block', codeBlock);
}
