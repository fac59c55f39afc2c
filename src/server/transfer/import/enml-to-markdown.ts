import TurndownService from 'turndown';
import { addCodeRules, codeText, fenceFor } from './enml-code.js';
import {
  conversion,
  converting,
  type EnmlConversion,
  type EnmlNode,
  INLINE,
  isNamed,
  nextMeaningful,
  styleValue,
} from './enml-conversion.js';
import { addListRules } from './enml-lists.js';
import { prepareMarkup } from './enml-markup.js';
import { addTableRules } from './enml-tables.js';
import { PartFailure } from './import-error.js';

/**
 * Past these, a note's HTML would take the converter time in proportion to their product with
 * its length; no note Evernote writes comes near them.
 */
export const MAX_ENML_DEPTH = 256;
export const MAX_ENML_ATTRIBUTES = 256;

const asNode = (node: unknown) => node as EnmlNode;
/**
 * Characters the conversion uses as its own marks; a note's text keeps none of them, and the
 * report says so when it had any.
 */
const OWN_MARKS = /[\uE000-\uE005]/g;

const turndown = new TurndownService({
  headingStyle: 'atx',
  codeBlockStyle: 'fenced',
  bulletListMarker: '-',
});

/**
 * Text stays text: besides Markdown's own marks, `<` (which the preview would read as HTML),
 * `&` before what reads as an entity, and `==` (a highlight) are escaped.
 */
const escapeMarkdown = turndown.escape.bind(turndown);
turndown.escape = (text: string) =>
  escapeMarkdown(text)
    .replaceAll('<', '\\<')
    .replace(/&(?=#?[a-z0-9]{1,32};)/gi, '\\&')
    .replaceAll('==', '\\=\\=');

turndown.addRule('evernote-media', {
  filter: 'en-media' as never,
  replacement: (_content, node) =>
    conversion().media((asNode(node).getAttribute('hash') ?? '').toLowerCase()),
});

/** Text Evernote encrypted with a passphrase: a locked placeholder, the encrypted text kept. */
turndown.addRule('evernote-crypt', {
  filter: 'en-crypt' as never,
  replacement: (_content, node) => {
    const element = asNode(node);
    const hint = element.getAttribute('hint')?.trim();
    const cipher = codeText(element).trim();
    const fence = fenceFor(cipher);
    conversion().changed('encrypted text kept locked');
    const about = `🔒 **Encrypted in Evernote**${hint ? ` (hint: ${turndown.escape(hint)})` : ''}: it opens only in Evernote, with its passphrase.`;
    return `\n\n${about}\n\n${fence}evernote-encrypted\n${cipher}\n${fence}\n\n`;
  },
});

turndown.addRule('evernote-highlight', {
  filter: (node) => {
    const element = asNode(node);
    return (
      element.nodeName === 'SPAN' &&
      (styleValue(element, '-evernote-highlight') === 'true' ||
        (styleValue(element, '--en-highlight') ?? 'none') !== 'none')
    );
  },
  replacement: (content) => (content.trim() === '' ? content : `==${content}==`),
});

turndown.addRule('strikethrough', {
  filter: ['s', 'del', 'strike'] as never,
  replacement: (content) => (content.trim() === '' ? content : `~~${content}~~`),
});

/** A break that ends its block (`<div>Bread<br/></div>`, `<div><br/></div>`) breaks nothing. */
turndown.addRule('evernote-last-break', {
  filter: (node) => {
    const element = asNode(node);
    return (
      isNamed(element, 'BR') &&
      nextMeaningful(element) === null &&
      !INLINE.has(element.parentNode?.nodeName ?? '')
    );
  },
  replacement: () => '',
});

addListRules(turndown);
addTableRules(turndown);
addCodeRules(turndown);

/**
 * Turndown ends by trimming its whole Markdown with /[\t\r\n\s]+$/, which retries from every
 * blank of a long run: a minute for ten thousand line breaks. The note's wrapper element hands
 * its Markdown over here instead, and the same trimming is done in one pass.
 */
let captured: string[] | undefined;
const CAPTURED_MARK = '\uE000';
turndown.addRule('quire-note-root', {
  filter: (node) => captured !== undefined && node.parentNode?.nodeName === 'X-TURNDOWN',
  replacement: (content) => {
    captured?.push(content);
    return CAPTURED_MARK;
  },
});

function innerToMarkdown(inner: string): string {
  const own = inner.replace(OWN_MARKS, '');
  if (own.length < inner.length) {
    conversion().changed('private-use characters U+E000 to U+E005 left out');
  }
  const markup = prepareMarkup(own);
  if (markup.depth > MAX_ENML_DEPTH) {
    throw new PartFailure(`HTML nested more than ${MAX_ENML_DEPTH} elements deep`);
  }
  if (markup.mostAttributes > MAX_ENML_ATTRIBUTES) {
    throw new PartFailure(`an HTML element with more than ${MAX_ENML_ATTRIBUTES} attributes`);
  }
  const html = `<div>${markup.html}</div>`;
  captured = [];
  let whole: string[];
  let markdown: string;
  try {
    markdown = turndown.turndown(html);
  } finally {
    whole = captured;
    captured = undefined;
  }
  const [content] = whole;
  const result =
    whole.length === 1 && content !== undefined && markdown === CAPTURED_MARK
      ? content.replace(/^[\t\r\n]+/, '').trimEnd()
      : // Markup that closed the wrapper early: Turndown's own ending, as before.
        turndown.turndown(html);
  // Written as character references, they reach the text only through the parser.
  const clean = result.replace(OWN_MARKS, '');
  if (clean.length < result.length) {
    conversion().changed('private-use characters U+E000 to U+E005 left out');
  }
  return clean;
}

/**
 * The Markdown of the HTML inside a note's `<en-note>`. A stack overflow in the converter
 * fails only that note.
 */
export function enmlToMarkdown(inner: string, context: EnmlConversion): string {
  try {
    return converting(context, () => innerToMarkdown(inner));
  } catch (error) {
    if (error instanceof RangeError) throw new PartFailure('HTML too deeply nested to convert');
    throw error;
  }
}
