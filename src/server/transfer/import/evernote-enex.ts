import { createHash } from 'node:crypto';
import { XMLParser } from 'fast-xml-parser';
import { enmlToMarkdown } from './enml-to-markdown.js';
import { type EvernoteNote, linkEvernoteNotes } from './evernote-links.js';
import { PartFailure, unreadableImport } from './import-error.js';
import { ImportedFiles, isPictureName } from './imported-files.js';
import { eachPart, type ParsedImport, withTitle } from './imported-note.js';
import { cameInWithout } from './missing-file.js';
import { NoteChanges } from './note-changes.js';
import { type NoteProperty, withProperties } from './note-properties.js';
import { tagWord, withTags } from './tag-word.js';

interface EnexNote {
  title?: unknown;
  content?: unknown;
  created?: unknown;
  updated?: unknown;
  tag?: unknown[];
  resource?: EnexResource[];
  'note-attributes'?: { 'source-url'?: unknown; author?: unknown };
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

/** The resources of the note being converted, by the MD5 of their bytes, as `<en-media>` names them. */
interface NoteMedia {
  byHash: Map<string, { name: string; data: () => Buffer }>;
  files: ImportedFiles;
  /** Hashes an `<en-media>` named that no resource of the note has. */
  missing: Set<string>;
}

/** The Markdown that stands for an `<en-media>`: a picture or a link to its file. */
function mediaReference(media: NoteMedia, hash: string): string {
  const resource = media.byHash.get(hash);
  if (!resource) {
    media.missing.add(hash);
    return '(attachment)';
  }
  const mark = media.files.mark(`md5:${hash}`, resource.name, resource.data);
  const label = resource.name.replace(/[\\[\]]/g, '\\$&');
  return isPictureName(resource.name) ? `![${label}](${mark})` : `[${label}](${mark})`;
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

/** Where a clipped note came from and who wrote it, as Evernote kept them beside the note. */
function propertiesOf(note: EnexNote): NoteProperty[] {
  const attributes = note['note-attributes'];
  const properties: NoteProperty[] = [];
  const source = attributes?.['source-url'];
  if (typeof source === 'string' && source.trim() !== '')
    properties.push(['source', source.trim()]);
  const author = attributes?.author;
  if (typeof author === 'string' && author.trim() !== '')
    properties.push(['author', author.trim()]);
  return properties;
}

/** Tags as `#words`; the note says which were written otherwise than Evernote named them. */
function withEvernoteTags(body: string, tags: string[], changes: NoteChanges): string {
  for (const tag of new Set(tags)) {
    const word = tagWord(tag);
    if (word !== tag) changes.add(`the tag "${tag}" is #${word}`);
  }
  return withTags(body, tags);
}

/** One note's text: its title, its properties, its HTML as Markdown, its tags. */
function noteBody(
  note: EnexNote,
  title: string | undefined,
  media: NoteMedia,
  changes: NoteChanges,
) {
  if (typeof note.content !== 'string') throw new PartFailure('a note without content');
  const markdown = enmlToMarkdown(enNoteInner(note.content), {
    media: (hash) => mediaReference(media, hash),
    changed: (what) => changes.add(what),
  });
  const tags = (note.tag ?? []).filter((t) => typeof t === 'string');
  const titled = withProperties(withTitle(title, markdown), propertiesOf(note));
  return withEvernoteTags(titled, tags, changes);
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
  const result: ParsedImport = { notes: [], failed: [], changed: [] };
  const files = new ImportedFiles();
  const titled: EvernoteNote[] = [];
  notes.forEach((note, index) => {
    const title = typeof note.title === 'string' ? note.title : undefined;
    const label = `${name} (${title ?? `note ${index + 1}`})`;
    const read = eachPart(label, result.failed, () => {
      const noteMedia: NoteMedia = { byHash: resourcesOf(note), files, missing: new Set() };
      const changes = new NoteChanges();
      const body = noteBody(note, title, noteMedia, changes);
      if (!changes.isEmpty()) result.changed?.push({ name: label, changes: changes.list() });
      for (const hash of noteMedia.missing) cameInWithout(result, label, hash || 'without a hash');
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
