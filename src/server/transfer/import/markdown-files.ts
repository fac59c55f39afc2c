import path from 'node:path/posix';
import { UNTITLED_TITLE } from '../../../shared/note-display.js';
import { startsWithTitle } from '../../../shared/wiki-links.js';
import { readFrontMatter } from '../front-matter.js';
import { decodeText, type ImportedNote, withTitle } from './imported-note.js';
import { QUIRE_SOURCE } from './quire-notes.js';
import { withTags } from './tag-word.js';

/** Files a folder of notes holds that are notes: Markdown and plain text. */
export const isNoteFile = (name: string) => /\.(md|markdown|txt|text)$/i.test(name);

/**
 * Folders and files of other apps' own that are not notes: Obsidian's settings and trash,
 * Joplin's attachments, macOS metadata, and anything hidden.
 */
export const isAppClutter = (entryPath: string) =>
  entryPath
    .split('/')
    .some((part) => part.startsWith('.') || part === '__MACOSX' || part === '_resources');

/** One Markdown or text file read, with what links to it may name it by. */
export interface MarkdownNote {
  note: ImportedNote;
  /** Quire's own export wrote it: its text is the note exactly, title and all. */
  fromQuire: boolean;
  /** Links Quire's export wrote otherwise than the note did: see `FrontMatter.linksWritten`. */
  linksWritten: ReadonlyMap<string, readonly string[]>;
  /** Its id in the app that wrote it (front matter `id`), which `:/id` links name. */
  sourceId?: string;
}

/** The first non-blank line, and the text after it. */
function splitFirstLine(text: string): { line: string; after: string } {
  const start = /\S/.exec(text)?.index ?? text.length;
  const end = text.indexOf('\n', start);
  if (end === -1) return { line: text.slice(start).trimEnd(), after: '' };
  return { line: text.slice(start, end).trimEnd(), after: text.slice(end + 1) };
}

const withoutLeadingBlankLines = (text: string) => text.replace(/^(\s*\n)+/, '');

/**
 * The note's title line, then the properties block Quire does not take in, then the rest. The
 * block sits apart on both sides: right under a line, `---` would make that line a heading.
 * A rest that starts with the title (as a heading or not) gives the title line itself.
 */
function withProperties(title: string, properties: string, rest: string): string {
  const { line, after } = splitFirstLine(rest);
  const titled = startsWithTitle(rest, title);
  const titleLine = (titled ? line : title.trim()) || UNTITLED_TITLE;
  const body = withoutLeadingBlankLines(titled ? after : rest);
  const block = `---\n${properties.trimEnd()}\n\n---`;
  return body.trim() === '' ? `${titleLine}\n\n${block}` : `${titleLine}\n\n${block}\n\n${body}`;
}

/**
 * One Markdown or text file. Front matter from Quire, Joplin or Obsidian gives times and tags;
 * the file's name is the title (Obsidian keeps it there) unless the text starts with it, or the
 * file is Quire's own (which is named from its first line already). Other properties are kept
 * after the title line, where Quire reads aliases. `folderTag` (the file's folder in a vault)
 * becomes a tag.
 */
export function readMarkdownFile(
  filePath: string,
  data: Uint8Array,
  modified: number | undefined,
  folderTag?: string,
): MarkdownNote {
  const text = decodeText(data).replace(/^\uFEFF/, '');
  const front = readFrontMatter(text);
  const stem = path.basename(filePath).replace(/\.[^.]+$/, '');
  const title = front.title ?? stem;
  let body: string;
  if (front.fromQuire) {
    // Quire's own files keep their text exactly.
    body = front.body;
  } else {
    const rest = withoutLeadingBlankLines(front.body);
    const titled =
      front.properties === undefined
        ? withTitle(title, rest)
        : withProperties(title, front.properties, rest);
    body = withTags(titled, folderTag ? [folderTag, ...front.tags] : front.tags);
  }
  return {
    note: {
      // A file of Quire's export names its note, which an account holding it has already.
      sourceKey:
        front.fromQuire && front.id !== undefined
          ? `${QUIRE_SOURCE}${front.id}`
          : `file:${filePath}`,
      body,
      timeCreated: front.created ?? modified,
      timeLastModified: front.modified ?? modified,
    },
    fromQuire: front.fromQuire,
    linksWritten: front.linksWritten,
    sourceId: front.id,
  };
}
