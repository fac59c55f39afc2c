import path from 'node:path/posix';
import { readFrontMatter } from '../front-matter.js';
import { decodeText, type ImportedNote, withTitle } from './imported-note.js';
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

/**
 * One Markdown or text file. Front matter from Quire, Joplin or Obsidian gives times and tags;
 * the file's name is the title (Obsidian keeps it there) unless the text starts with it, or the
 * file is Quire's own (which is named from its first line already).
 */
export function readMarkdownFile(
  filePath: string,
  data: Uint8Array,
  modified: number | undefined,
): ImportedNote {
  const text = decodeText(data).replace(/^\uFEFF/, '');
  const front = readFrontMatter(text);
  const stem = path.basename(filePath).replace(/\.[^.]+$/, '');
  const fromQuire = front.body !== text && /^---\r?\nid: /.test(text);
  const title = fromQuire ? undefined : (front.title ?? stem);
  // Quire's own files keep their text exactly; others lose the blank lines after front matter.
  const rest = fromQuire ? front.body : front.body.replace(/^(\s*\n)+/, '');
  const body = withTags(withTitle(title, rest), front.tags);
  return {
    sourceKey: `file:${filePath}`,
    body,
    timeCreated: front.created ?? modified,
    timeLastModified: front.modified ?? modified,
  };
}
