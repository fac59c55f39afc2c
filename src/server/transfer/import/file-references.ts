import path from 'node:path/posix';
import { replaceInProse } from '../../../shared/markdown/prose.js';
import { type ImportedFiles, isPictureName } from './imported-files.js';
import { isNoteFile } from './markdown-files.js';
import type { ZipFileEntry } from './safe-zip.js';

/** The files of a folder of notes that are not notes: what notes may embed or link to. */
export class FolderFiles {
  private readonly byPath = new Map<string, ZipFileEntry>();
  private readonly byName = new Map<string, ZipFileEntry>();

  constructor(
    entries: readonly ZipFileEntry[],
    private readonly files: ImportedFiles,
  ) {
    for (const entry of entries) {
      if (isNoteFile(entry.path) || entry.path.endsWith('.json')) continue;
      this.byPath.set(entry.path.normalize('NFC'), entry);
      const name = path.basename(entry.path).normalize('NFC').toLowerCase();
      // Obsidian finds an embed by its name wherever it is; the shortest path wins a tie.
      const known = this.byName.get(name);
      if (!known || entry.path.length < known.path.length) this.byName.set(name, entry);
    }
  }

  /** The mark for the file a note at `notePath` refers to by `target`, if the folder has it. */
  markFor(notePath: string, target: string, byNameAnywhere: boolean): string | undefined {
    let decoded = target;
    try {
      decoded = decodeURI(target);
    } catch {
      // a target with a stray % is taken as written
    }
    const fromNote = path.join(path.dirname(notePath), decoded).normalize('NFC');
    const entry =
      this.byPath.get(fromNote) ??
      this.byPath.get(path.normalize(decoded).replace(/^\/+/, '').normalize('NFC')) ??
      (byNameAnywhere
        ? this.byName.get(path.basename(decoded).normalize('NFC').toLowerCase())
        : undefined);
    if (!entry) return undefined;
    return this.files.mark(`path:${entry.path}`, path.basename(entry.path), () => entry.data);
  }
}

const WIKI_FILE_LINK = /(!?)\[\[([^[\]|\n]{1,500})(?:\|([^[\]\n]{0,200}))?\]\]/g;
const MARKDOWN_LINK =
  /(!?)\[((?:[^\]\\\n]|\\.){0,500})\]\(<?([^()<>\s]{1,1000})>?(\s+"[^"\n]{0,200}")?\)/g;
/**
 * A target with a scheme (https:, data:, mailto:) or an anchor is not a file of the folder,
 * and a mark put in for an embed is one already.
 */
const ELSEWHERE = /^([a-z][a-z0-9+.-]*:|#|\/\/|quire-import-)/i;

/**
 * A file's path without what follows `#` (`page=3` of a PDF, `interface` that Obsidian Publish
 * reads as a style): the attachment is the whole file.
 */
function withoutFragment(target: string): string {
  const hash = target.indexOf('#');
  return hash === -1 ? target : target.slice(0, hash);
}

/**
 * A note's text with its embeds and links to files of the folder pointing at their marks:
 * Obsidian's `![[picture.png]]` and `[[file.pdf|shown]]` (found by name anywhere in the vault),
 * and Markdown's `![](path)` and `[](path)` relative to the note (Joplin's `../_resources/…`
 * among them).
 * An embedded picture that is not in the folder stays as written and is told to `missing`.
 * What is written in code is shown as written, so it is left alone.
 */
export function withFileMarks(
  notePath: string,
  body: string,
  folder: FolderFiles,
  missing: (target: string) => void,
): string {
  const embedded = replaceInProse(
    body,
    WIKI_FILE_LINK,
    (whole, bang: string, written: string, shown = '') => {
      // In a table the bar is written `\|`: its backslash is not part of the name.
      const target = withoutFragment(written.replace(/\\$/, ''));
      if (isNoteFile(target) || !/\.[A-Za-z0-9]{1,10}$/.test(target)) return whole; // a note
      const mark = folder.markFor(notePath, target, true);
      if (!mark) {
        if (bang === '!') missing(target);
        return whole;
      }
      const name = path.basename(target);
      // An embed's text after the bar is its size; a link's is what it shows.
      if (bang !== '!') return `[${shown.trim() || name}](${mark})`;
      return isPictureName(name) ? `![${name}](${mark})` : `[${name}](${mark})`;
    },
  );
  return replaceInProse(
    embedded,
    MARKDOWN_LINK,
    (whole, bang: string, label: string, written: string, title = '') => {
      if (ELSEWHERE.test(written)) return whole;
      const target = withoutFragment(written);
      if (isNoteFile(target)) return whole;
      const mark = folder.markFor(notePath, target, bang === '!');
      if (!mark) {
        if (bang === '!') missing(target);
        return whole;
      }
      return `${bang}[${label}](${mark}${title})`;
    },
  );
}
