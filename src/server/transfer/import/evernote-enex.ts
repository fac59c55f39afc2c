import { XMLParser } from 'fast-xml-parser';
import TurndownService from 'turndown';
import { PartFailure, unreadableImport } from './import-error.js';
import { eachPart, type ParsedImport, withTitle } from './imported-note.js';
import { withTags } from './tag-word.js';

interface EnexNote {
  title?: unknown;
  content?: unknown;
  created?: unknown;
  updated?: unknown;
  tag?: unknown[];
}

const parser = new XMLParser({
  ignoreAttributes: true,
  parseTagValue: false,
  trimValues: false,
  isArray: (tag) => tag === 'note' || tag === 'tag',
});

/** ENML to Markdown through Turndown; Evernote's checkboxes become task-list boxes. */
const turndown = new TurndownService({
  headingStyle: 'atx',
  codeBlockStyle: 'fenced',
  bulletListMarker: '-',
});
interface TodoElement {
  getAttribute(name: string): string | null;
}
turndown.addRule('evernote-todo', {
  filter: (node) => node.nodeName.toLowerCase() === 'en-todo',
  // HTML parsing does not close <en-todo/>, so the text after it arrives as its content.
  replacement: (content, node) =>
    `${(node as unknown as TodoElement).getAttribute('checked') === 'true' ? '[x]' : '[ ]'} ${content}`,
});
// Attachments are not carried over; their place in the text stays visible.
turndown.addRule('evernote-media', {
  filter: (node) => node.nodeName.toLowerCase() === 'en-media',
  replacement: () => '(attachment)',
});

/** True for an Evernote export: an XML document whose root element is `<en-export>`. */
export const isEnex = (text: string): boolean =>
  /^\s*</.test(text) && /<en-export[\s>]/.test(text.slice(0, 64 * 1024));

/** Evernote's times look like 20230115T093000Z. */
function enexTime(value: unknown): number | undefined {
  const match =
    typeof value === 'string'
      ? /^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z$/.exec(value.trim())
      : null;
  if (!match) return undefined;
  const [, y, mo, d, h, mi, s] = match.map(Number) as number[];
  return Date.UTC(y as number, (mo as number) - 1, d, h, mi, s) / 1000;
}

/**
 * The note's HTML inside `<en-note …>`, as a `<div>`. Found by index, not by a regular
 * expression: a lazy `[\s\S]*?<en-note[^>]*>` rescans the rest of the text at every `<en-note`.
 */
function enNoteInner(enml: string): string {
  const open = enml.indexOf('<en-note');
  const openEnd = open < 0 ? -1 : enml.indexOf('>', open);
  const start = openEnd < 0 ? 0 : openEnd + 1;
  const close = enml.lastIndexOf('</en-note>');
  const end =
    close >= start && enml.slice(close + '</en-note>'.length).trim() === '' ? close : enml.length;
  return `<div>${enml.slice(start, end)}</div>`;
}

function enmlToMarkdown(enml: string): string {
  return turndown.turndown(enNoteInner(enml));
}

export function readEnex(name: string, text: string): ParsedImport {
  let document: { 'en-export'?: { note?: EnexNote[] } | string };
  try {
    document = parser.parse(text, true);
  } catch (error) {
    throw unreadableImport(name, `not a readable Evernote export (${(error as Error).message})`);
  }
  const root = document['en-export'];
  const notes = typeof root === 'object' ? (root.note ?? []) : [];
  const result: ParsedImport = { notes: [], failed: [] };
  notes.forEach((note, index) => {
    const title = typeof note.title === 'string' ? note.title : undefined;
    const read = eachPart(`${name} (${title ?? `note ${index + 1}`})`, result.failed, () => {
      if (typeof note.content !== 'string') throw new PartFailure('a note without content');
      const tags = (note.tag ?? []).filter((t) => typeof t === 'string');
      const body = withTags(withTitle(title, enmlToMarkdown(note.content)), tags);
      const timeCreated = enexTime(note.created);
      return {
        sourceKey: `evernote:${timeCreated ?? index}:${title ?? ''}`,
        body,
        timeCreated,
        timeLastModified: enexTime(note.updated) ?? timeCreated,
      };
    });
    if (read) result.notes.push(read);
  });
  return result;
}
