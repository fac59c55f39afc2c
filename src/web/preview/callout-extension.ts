import { Lexer, type MarkedExtension, type Tokens } from 'marked';
import { escapeHtml } from '../../shared/escape-html.js';

/**
 * Obsidian's callout types, each with the kind it is drawn as (its aliases share a colour and
 * an icon). A type not listed is drawn as a note.
 */
const KINDS: Readonly<Record<string, string>> = {
  note: 'note',
  abstract: 'abstract',
  summary: 'abstract',
  tldr: 'abstract',
  info: 'info',
  todo: 'todo',
  tip: 'tip',
  hint: 'tip',
  important: 'tip',
  success: 'success',
  check: 'success',
  done: 'success',
  question: 'question',
  help: 'question',
  faq: 'question',
  warning: 'warning',
  caution: 'warning',
  attention: 'warning',
  failure: 'failure',
  fail: 'failure',
  missing: 'failure',
  danger: 'danger',
  error: 'danger',
  bug: 'bug',
  example: 'example',
  quote: 'quote',
  cite: 'quote',
};

/** The kinds a callout is drawn as: what the preview's `data-callout` may hold. */
export const CALLOUT_KINDS: ReadonlySet<string> = new Set(Object.values(KINDS));

/** The kind a callout of `type` is drawn as. */
export const calloutKind = (type: string): string =>
  Object.hasOwn(KINDS, type.toLowerCase()) ? (KINDS[type.toLowerCase()] ?? 'note') : 'note';

/** `[!type]`, an optional fold mark, then the title, on the quote's first line. */
const HEAD = /^\[!([^\]\s]{1,40})\]([+-]?)(?:[ \t]+([^\n]*))?(?:\n|$)/;

/**
 * `> [!type] Title` quotes as callouts: a coloured box with the type's icon and the title (the
 * type's name when none is given). `+` or `-` after the type makes it fold, open or closed.
 */
export const callouts: MarkedExtension = {
  renderer: {
    blockquote(token: Tokens.Blockquote) {
      const first = token.tokens[0];
      if (first?.type !== 'paragraph') return false;
      const head = HEAD.exec((first as Tokens.Paragraph).text);
      if (!head) return false;
      const [whole, type = '', fold, written = ''] = head;
      const named = written.trim() || type.charAt(0).toUpperCase() + type.slice(1).toLowerCase();
      const inline = (text: string) => this.parser.parseInline(Lexer.lexInline(text, this.options));
      const title = inline(named);
      const rest = (first as Tokens.Paragraph).text.slice(whole.length);
      const body =
        (rest.trim() === '' ? '' : `<p>${inline(rest)}</p>\n`) +
        this.parser.parse(token.tokens.slice(1));
      const kind = escapeHtml(calloutKind(type));
      if (fold === '') {
        return `<div data-callout="${kind}"><header>${title}</header>\n${body}</div>\n`;
      }
      const open = fold === '+' ? ' open' : '';
      return `<details data-callout="${kind}"${open}><summary>${title}</summary>\n${body}</details>\n`;
    },
  },
};
