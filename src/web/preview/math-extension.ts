import type { MarkedExtension, Tokens } from 'marked';
import { escapeHtml } from '../../shared/escape-html.js';

interface MathToken extends Tokens.Generic {
  type: 'math' | 'mathBlock';
  tex: string;
  display: boolean;
}

/** How far a formula's closing `$` is looked for: a stray `$` never costs a scan of the note. */
const LONGEST_INLINE = 2000;

const isSpace = (char: string | undefined) => char === undefined || /\s/.test(char);
const isDigit = (char: string | undefined) => char !== undefined && char >= '0' && char <= '9';

/**
 * Where the `$` closing an inline formula opened at 0 is, or -1. As Pandoc reads dollars: the
 * opening `$` has a non-space after it, the closing one a non-space before it, no backslash
 * before it and no digit after it, so `$5 and $6` stays text.
 */
function inlineClose(src: string): number {
  if (src.charAt(0) !== '$' || isSpace(src.charAt(1)) || src.charAt(1) === '$') return -1;
  const end = Math.min(src.length, LONGEST_INLINE);
  for (let at = 2; at < end; at += 1) {
    const char = src.charAt(at);
    if (char === '\n' && src.charAt(at + 1) === '\n') return -1;
    if (char === '\\') at += 1;
    else if (char === '$') {
      if (!isSpace(src.charAt(at - 1)) && !isDigit(src.charAt(at + 1))) return at;
    }
  }
  return -1;
}

/** Where the `$$` closing a display formula opened at 0 is, or -1. */
function displayClose(src: string, longest: number): number {
  if (!src.startsWith('$$')) return -1;
  const close = src.indexOf('$$', 2);
  return close === -1 || close > longest || src.slice(2, close).trim() === '' ? -1 : close;
}

/** The placeholder the preview draws a formula in; until then, or past its limits, code. */
export function mathPlaceholder(tex: string, display: boolean): string {
  return `<code data-math="${display ? 'display' : 'inline'}">${escapeHtml(tex)}</code>`;
}

/** A display formula as large as a note may sensibly hold; longer ones stay text. */
const LONGEST_DISPLAY = 20_000;
const BLOCK = /^ {0,3}\$\$/;

/**
 * `$…$` formulas in a line and `$$…$$` display formulas, in a paragraph of their own or in a
 * line, as placeholders the preview draws with KaTeX. marked reads code spans and blocks
 * before this, and `\$` is a dollar sign.
 */
export const math: MarkedExtension = {
  extensions: [
    {
      name: 'mathBlock',
      level: 'block',
      // No start: a `$$` line after a paragraph's text belongs to it, drawn as a display formula.
      tokenizer(src): MathToken | undefined {
        const indent = BLOCK.exec(src);
        if (!indent) return undefined;
        const from = indent[0].length - 2;
        const close = displayClose(src.slice(from), LONGEST_DISPLAY);
        if (close === -1) return undefined;
        const after = /^[ \t]*(?:\n|$)/.exec(src.slice(from + close + 2));
        if (!after) return undefined;
        return {
          type: 'mathBlock',
          raw: src.slice(0, from + close + 2 + after[0].length),
          tex: src.slice(from + 2, from + close).trim(),
          display: true,
        };
      },
      renderer(token) {
        return `<p>${mathPlaceholder((token as MathToken).tex, true)}</p>\n`;
      },
    },
    {
      name: 'math',
      level: 'inline',
      start(src) {
        const at = src.indexOf('$');
        return at === -1 ? undefined : at;
      },
      tokenizer(src): MathToken | undefined {
        const display = displayClose(src, LONGEST_INLINE);
        if (display !== -1) {
          const raw = src.slice(0, display + 2);
          return { type: 'math', raw, tex: src.slice(2, display).trim(), display: true };
        }
        const close = inlineClose(src);
        if (close === -1) return undefined;
        return {
          type: 'math',
          raw: src.slice(0, close + 1),
          tex: src.slice(1, close),
          display: false,
        };
      },
      renderer(token) {
        const { tex, display } = token as MathToken;
        return mathPlaceholder(tex, display);
      },
    },
  ],
};
