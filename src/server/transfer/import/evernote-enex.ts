import { createHash } from 'node:crypto';
import { XMLParser } from 'fast-xml-parser';
import TurndownService from 'turndown';
import { prepareMarkup } from './enml-markup.js';
import { type EvernoteNote, linkEvernoteNotes } from './evernote-links.js';
import { PartFailure, unreadableImport } from './import-error.js';
import { ImportedFiles, isPictureName } from './imported-files.js';
import { eachPart, type ParsedImport, withTitle } from './imported-note.js';
import { withTags } from './tag-word.js';

interface EnexNote {
  title?: unknown;
  content?: unknown;
  created?: unknown;
  updated?: unknown;
  tag?: unknown[];
  resource?: EnexResource[];
}

interface EnexResource {
  data?: unknown;
  mime?: unknown;
  'resource-attributes'?: { 'file-name'?: unknown };
}

const parser = new XMLParser({
  ignoreAttributes: true,
  parseTagValue: false,
  trimValues: false,
  isArray: (tag) => tag === 'note' || tag === 'tag' || tag === 'resource',
});

/**
 * Past these, a note's HTML would take the converter time in proportion to their product with
 * its length; no note Evernote writes comes near them.
 */
export const MAX_ENML_DEPTH = 256;
export const MAX_ENML_ATTRIBUTES = 256;

interface EvernoteElement {
  nodeName: string;
  getAttribute(name: string): string | null;
}
/** The resources of the note being converted, by the MD5 of their bytes, as `<en-media>` names them. */
let media: NoteMedia | undefined;

interface NoteMedia {
  byHash: Map<string, { name: string; data: () => Buffer }>;
  files: ImportedFiles;
  /** Hashes an `<en-media>` named that no resource of the note has. */
  missing: Set<string>;
}

/** The Markdown that stands for an `<en-media>`: a picture or a link to its file. */
function mediaReference(hash: string): string {
  const resource = media?.byHash.get(hash);
  if (!media || !resource) {
    media?.missing.add(hash);
    return '(attachment)';
  }
  const mark = media.files.mark(`md5:${hash}`, resource.name, resource.data);
  const label = resource.name.replace(/[\\[\]]/g, '\\$&');
  return isPictureName(resource.name) ? `![${label}](${mark})` : `[${label}](${mark})`;
}

/** Evernote's own empty elements: a checkbox becomes a task-list box, an attachment its file. */
function evernoteMark(node: EvernoteElement): string | undefined {
  const name = node.nodeName.toLowerCase();
  if (name === 'en-todo') return node.getAttribute('checked') === 'true' ? '[x] ' : '[ ] ';
  if (name === 'en-media') return mediaReference((node.getAttribute('hash') ?? '').toLowerCase());
  return undefined;
}

const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/svg+xml': 'svg',
  'application/pdf': 'pdf',
};

/** A note's resources by hash; each is decoded only when the note refers to it. */
function resourcesOf(note: EnexNote): NoteMedia['byHash'] {
  const byHash: NoteMedia['byHash'] = new Map();
  for (const resource of note.resource ?? []) {
    const raw = typeof resource?.data === 'string' ? resource.data : undefined;
    if (!raw) continue;
    const bytes = Buffer.from(raw.replace(/\s+/g, ''), 'base64');
    const hash = createHash('md5').update(bytes).digest('hex');
    const given = resource['resource-attributes']?.['file-name'];
    const mime = typeof resource.mime === 'string' ? resource.mime.trim().toLowerCase() : '';
    const fallback = `attachment${EXTENSIONS[mime] ? `.${EXTENSIONS[mime]}` : ''}`;
    // Names may hold slashes and colons (a web clip's URL): the last part is the name.
    const last = typeof given === 'string' ? given.split(/[/\\]/).pop()?.trim() : undefined;
    byHash.set(hash, { name: last || fallback, data: () => bytes });
  }
  return byHash;
}

/** ENML to Markdown through Turndown. */
const turndown = new TurndownService({
  headingStyle: 'atx',
  codeBlockStyle: 'fenced',
  bulletListMarker: '-',
  // <en-todo/> and <en-media/> are empty, which Turndown would drop as blank.
  blankReplacement: (_content, node) =>
    evernoteMark(node as unknown as EvernoteElement) ??
    ((node as unknown as { isBlock: boolean }).isBlock ? '\n\n' : ''),
});
turndown.addRule('evernote-marks', {
  filter: (node) => evernoteMark(node as unknown as EvernoteElement) !== undefined,
  replacement: (content, node) => `${evernoteMark(node as unknown as EvernoteElement)}${content}`,
});

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
 * The note's HTML inside `<en-note …>`. Found by index, not by a regular
 * expression: a lazy `[\s\S]*?<en-note[^>]*>` rescans the rest of the text at every `<en-note`.
 */
function enNoteInner(enml: string): string {
  const open = enml.indexOf('<en-note');
  const openEnd = open < 0 ? -1 : enml.indexOf('>', open);
  const start = openEnd < 0 ? 0 : openEnd + 1;
  const close = enml.lastIndexOf('</en-note>');
  const end =
    close >= start && enml.slice(close + '</en-note>'.length).trim() === '' ? close : enml.length;
  return enml.slice(start, end);
}

function enmlToMarkdown(enml: string): string {
  const markup = prepareMarkup(enNoteInner(enml));
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
  if (whole.length === 1 && content !== undefined && markdown === CAPTURED_MARK) {
    return content.replace(/^[\t\r\n]+/, '').trimEnd();
  }
  // Markup that closed the wrapper early: Turndown's own ending, as before.
  return turndown.turndown(html);
}

/** A note's Markdown; a stack overflow in the converter fails only that note. */
function convert(enml: string, noteMedia: NoteMedia): string {
  media = noteMedia;
  try {
    return enmlToMarkdown(enml);
  } catch (error) {
    if (error instanceof RangeError) throw new PartFailure('HTML too deeply nested to convert');
    throw error;
  } finally {
    media = undefined;
  }
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
  const files = new ImportedFiles();
  const titled: EvernoteNote[] = [];
  notes.forEach((note, index) => {
    const title = typeof note.title === 'string' ? note.title : undefined;
    const label = `${name} (${title ?? `note ${index + 1}`})`;
    const read = eachPart(label, result.failed, () => {
      if (typeof note.content !== 'string') throw new PartFailure('a note without content');
      const tags = (note.tag ?? []).filter((t) => typeof t === 'string');
      const noteMedia: NoteMedia = { byHash: resourcesOf(note), files, missing: new Set() };
      const body = withTags(withTitle(title, convert(note.content, noteMedia)), tags);
      for (const hash of noteMedia.missing) {
        result.failed.push({
          name: label,
          error: `the attachment ${hash || 'without a hash'} is not in the file`,
        });
      }
      const timeCreated = enexTime(note.created);
      return {
        sourceKey: `evernote:${timeCreated ?? index}:${title ?? ''}`,
        body,
        timeCreated,
        timeLastModified: enexTime(note.updated) ?? timeCreated,
      };
    });
    if (read) {
      result.notes.push(read);
      titled.push({ note: read, title });
    }
  });
  // Links are resolved once every note is read: a note may link to any other.
  linkEvernoteNotes(titled);
  result.files = files.result();
  return result;
}
