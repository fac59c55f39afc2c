/** Elements HTML never gives content: `<br>` needs no `/` and no end tag. */
const VOID_ELEMENTS = new Set([
  'area',
  'base',
  'br',
  'col',
  'embed',
  'hr',
  'img',
  'input',
  'link',
  'meta',
  'param',
  'source',
  'track',
  'wbr',
]);
/** Elements a repeat of itself closes (`<li>a<li>b`), so a run of them is not nesting. */
const CLOSED_BY_SIBLING = new Set(['p', 'li', 'dt', 'dd', 'tr', 'td', 'th', 'option']);

/**
 * Evernote's elements that stand for something without holding text: a checkbox, an
 * attachment. An HTML-to-Markdown converter takes an element without text for blank, and
 * would drop it with the block around it, so each is given this character to hold.
 */
const EVERNOTE_EMPTY = new Set(['en-media', 'en-todo']);
export const HELD_MARK = '\uE001';

/** ENML ready for an HTML parser, with what it would cost to convert. */
export interface PreparedMarkup {
  html: string;
  /** How deep elements nest, as an HTML parser would nest them. */
  depth: number;
  /** The most attributes one element has. */
  mostAttributes: number;
}

const isAsciiLetter = (code: number) => (code | 0x20) >= 0x61 && (code | 0x20) <= 0x7a;
const isSpace = (char: string | undefined) =>
  char === ' ' || char === '\n' || char === '\t' || char === '\r' || char === '\f';

interface Tag {
  name: string;
  /** Index just past the tag's `>` (or the text's end when it has none). */
  end: number;
  attributes: number;
  /** Written `<name …/>`, which XML reads as empty and HTML ignores on all but void elements. */
  selfClosing: boolean;
}

/** Reads one tag from its name (at `start`) to its `>`, the way HTML's tokenizer does. */
function readTag(html: string, start: number): Tag {
  let i = start;
  while (i < html.length && !isSpace(html[i]) && html[i] !== '/' && html[i] !== '>') i++;
  const name = html.slice(start, i).toLowerCase();
  let state: 'between' | 'name' | 'afterName' | 'beforeValue' | 'quoted' | 'unquoted' = 'between';
  let quote = '';
  let attributes = 0;
  let slash = false;
  for (; i < html.length; i++) {
    const char = html[i] as string;
    if (state === 'quoted') {
      if (char === quote) state = 'between';
      continue;
    }
    if (char === '>' && state !== 'unquoted') {
      return { name, end: i + 1, attributes, selfClosing: slash && state === 'between' };
    }
    if (state === 'unquoted') {
      if (char === '>') return { name, end: i + 1, attributes, selfClosing: false };
      if (isSpace(char)) state = 'between';
      continue;
    }
    slash = false;
    if (state === 'beforeValue') {
      if (char === '"' || char === "'") {
        state = 'quoted';
        quote = char;
      } else if (!isSpace(char)) state = 'unquoted';
    } else if (char === '/') {
      state = 'between';
      slash = true;
    } else if (char === '=' && (state === 'name' || state === 'afterName')) {
      state = 'beforeValue';
    } else if (isSpace(char)) {
      if (state === 'name') state = 'afterName';
    } else if (state !== 'name') {
      state = 'name';
      attributes++;
    }
  }
  return { name, end: html.length, attributes, selfClosing: false };
}

/** Index just past `marker` from `from`, or the text's end when it never comes. */
function after(html: string, marker: string, from: number): number {
  const at = html.indexOf(marker, from);
  return at < 0 ? html.length : at + marker.length;
}

/**
 * Prepares a note's ENML for an HTML parser in one pass, and measures what would make the
 * conversion slow: the parser and Turndown do work in proportion to the depth at every tag, and
 * to the number of attributes at every attribute. ENML is XHTML, where `<en-todo/>` is empty;
 * HTML ignores that `/` on all but void elements and would nest the rest of the text inside
 * (Turndown then dropped what followed an attachment), so such tags are closed here, and
 * Evernote's empty elements hold `HELD_MARK`.
 */
export function prepareMarkup(enml: string): PreparedMarkup {
  const parts: string[] = [];
  const open: string[] = [];
  let copied = 0;
  let depth = 0;
  let mostAttributes = 0;
  let i = enml.indexOf('<');
  while (i >= 0) {
    const next = enml.charCodeAt(i + 1);
    if (enml.startsWith('<!--', i)) i = after(enml, '-->', i + 4);
    else if (enml.startsWith('<![CDATA[', i)) i = after(enml, ']]>', i + 9);
    else if (next === 0x21 || next === 0x3f)
      i = after(enml, '>', i + 2); // <! and <?
    else if (next === 0x2f && isAsciiLetter(enml.charCodeAt(i + 2))) {
      open.pop();
      i = readTag(enml, i + 2).end;
    } else if (isAsciiLetter(next)) {
      const tag = readTag(enml, i + 1);
      mostAttributes = Math.max(mostAttributes, tag.attributes);
      if (VOID_ELEMENTS.has(tag.name)) {
        // nothing opens
      } else if (tag.selfClosing) {
        const held = EVERNOTE_EMPTY.has(tag.name) ? HELD_MARK : '';
        parts.push(enml.slice(copied, tag.end - 2), `>${held}</${tag.name}>`);
        copied = tag.end;
      } else if (!(CLOSED_BY_SIBLING.has(tag.name) && open.at(-1) === tag.name)) {
        open.push(tag.name);
        depth = Math.max(depth, open.length);
        if (EVERNOTE_EMPTY.has(tag.name)) {
          parts.push(enml.slice(copied, tag.end), HELD_MARK);
          copied = tag.end;
        }
      }
      i = tag.end;
    } else i++;
    i = i < enml.length ? enml.indexOf('<', i) : -1;
  }
  const html = copied === 0 ? enml : parts.join('') + enml.slice(copied);
  return { html, depth, mostAttributes };
}
