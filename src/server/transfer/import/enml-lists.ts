import type TurndownService from 'turndown';
import {
  conversion,
  type EnmlNode,
  firstMeaningfulChild,
  INLINE,
  isNamed,
  nextMeaningful,
  previousMeaningful,
  styleValue,
} from './enml-conversion.js';
import { HELD_MARK } from './enml-markup.js';

type Rule = TurndownService.Rule;
const asNode = (node: unknown) => node as EnmlNode;

/** How far up a checkbox looks for the list item it starts; Evernote wraps it in a block or two. */
const ITEM_LEVELS = 4;

/** Newlines off both ends, by index: `/\n+$/` retries from every newline of a long run. */
export function trimNewlines(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && text[start] === '\n') start++;
  while (end > start && text[end - 1] === '\n') end--;
  return text.slice(start, end);
}

/** Every line of `text` but blank ones moved right by `width` spaces. */
export const indented = (text: string, width: number) =>
  text.replace(/^(?!$)/gm, ' '.repeat(width));

/** Whether `node` is the first thing on its line: first in its block, or right after a break. */
function startsLine(node: EnmlNode): boolean {
  let at = node;
  for (;;) {
    const before = previousMeaningful(at);
    if (before) return isNamed(before, 'BR');
    const parent = at.parentNode;
    if (!parent || !INLINE.has(parent.nodeName)) return true;
    at = parent;
  }
}

/** Whether `node` starts a list item, alone or inside a block or two that start it. */
function startsListItem(node: EnmlNode): boolean {
  let at = node;
  for (let level = 0; level < ITEM_LEVELS; level++) {
    const parent = at.parentNode;
    if (!parent || firstMeaningfulChild(parent) !== at) return false;
    if (isNamed(parent, 'LI')) return true;
    at = parent;
  }
  return false;
}

/** Evernote's first checklists: `<div><en-todo checked="true"/>Apples</div>`, a task item. */
const todo: Rule = {
  filter: 'en-todo' as never,
  replacement: (content, node) => {
    const element = asNode(node);
    const box = element.getAttribute('checked') === 'true' ? '[x] ' : '[ ] ';
    const text = content.replaceAll(HELD_MARK, '');
    if (startsListItem(element)) return `${box}${text}`;
    if (startsLine(element)) return `- ${box}${text}`;
    // Markdown has no checkbox inside a line of text: it stays readable there.
    conversion().changed('a checkbox inside a line of text kept as [ ] or [x]');
    return `${box.trimEnd()}${text}`;
  },
};

/** A block that starts with a checkbox is a task item: one line, not a paragraph of its own. */
const todoLine: Rule = {
  filter: (node) => {
    const element = asNode(node);
    return (
      isNamed(element, 'DIV', 'P') &&
      element.parentNode?.nodeName !== 'X-TURNDOWN' &&
      isNamed(firstMeaningfulChild(element), 'EN-TODO')
    );
  },
  replacement: (content) => `\n${content}\n`,
};

/** A break before a checkbox starts the next task item rather than breaking a line of this one. */
const breakBeforeTodo: Rule = {
  filter: (node) => {
    const element = asNode(node);
    return isNamed(element, 'BR') && isNamed(nextMeaningful(element), 'EN-TODO');
  },
  replacement: () => '\n',
};

/**
 * A block of text in a list item before a list (`<li><div>Emma</div><ol>…</ol></li>`, as
 * Evernote writes items) or at its end keeps the item tight, one line for the text.
 */
const itemText: Rule = {
  filter: (node) => {
    const element = asNode(node);
    if (!isNamed(element, 'DIV', 'P') || !isNamed(element.parentNode, 'LI')) return false;
    const after = nextMeaningful(element);
    return after === null || isNamed(after, 'UL', 'OL');
  },
  replacement: (content) => `\n${content}\n`,
};

/** Each list's items by their place among the list's items, counted once per list. */
const itemPlaces = new WeakMap<EnmlNode, Map<EnmlNode, number>>();
function placeOf(item: EnmlNode, list: EnmlNode): number {
  let places = itemPlaces.get(list);
  if (!places) {
    places = new Map();
    for (const child of Array.from(list.childNodes)) {
      if (isNamed(child, 'LI')) places.set(child, places.size);
    }
    itemPlaces.set(list, places);
  }
  return places.get(item) ?? 0;
}

/** `- `, `3. `, or `- [x] ` for an item of Evernote's newer checklists (`--en-todo:true`). */
function itemMarker(item: EnmlNode): string {
  const list = item.parentNode;
  if (list && isNamed(list, 'OL')) {
    const start = Number.parseInt(list.getAttribute('start') ?? '', 10);
    return `${(Number.isSafeInteger(start) ? start : 1) + placeOf(item, list)}. `;
  }
  if (list && styleValue(list, '--en-todo') === 'true') {
    return styleValue(item, '--en-checked') === 'true' ? '- [x] ' : '- [ ] ';
  }
  return '- ';
}

/** Where an item's own text starts: its marker's width, or 2 after a task's `- `. */
const itemIndent = (marker: string) => (marker.startsWith('- ') ? 2 : marker.length);

const listItem: Rule = {
  filter: 'li',
  replacement: (content, node) => {
    const item = asNode(node);
    const marker = itemMarker(item);
    // Evernote writes each item's text as a block (`<li><div>Milk</div></li>`): still one line.
    const body = trimNewlines(content).replace(
      /\n(?=[^\n])/g,
      `\n${' '.repeat(itemIndent(marker))}`,
    );
    return marker + body + (item.nextSibling ? '\n' : '');
  },
};

/**
 * A list. Evernote nests a list straight in its parent list, after the item it belongs to
 * (`<ul><li>a</li><ul><li>b</li></ul></ul>`): it is indented under that item.
 */
const list: Rule = {
  filter: ['ul', 'ol'],
  replacement: (content, node) => {
    const element = asNode(node);
    const parent = element.parentNode;
    if (parent && isNamed(parent, 'UL', 'OL')) {
      const before = previousMeaningful(element);
      const width = before && isNamed(before, 'LI') ? itemIndent(itemMarker(before)) : 2;
      return `\n${indented(trimNewlines(content), width)}\n`;
    }
    if (parent && isNamed(parent, 'LI') && parent.lastElementChild === element) {
      return `\n${content}`;
    }
    return `\n\n${content}\n\n`;
  },
};

/** Lists, nested as Evernote nests them, and both kinds of Evernote checklist as task items. */
export function addListRules(turndown: TurndownService): void {
  turndown.addRule('evernote-list', list);
  turndown.addRule('evernote-list-item', listItem);
  turndown.addRule('evernote-item-text', itemText);
  turndown.addRule('evernote-todo-line', todoLine);
  turndown.addRule('evernote-break-before-todo', breakBeforeTodo);
  turndown.addRule('evernote-todo', todo);
}
