import { compareListOrder, type ListOrderKey } from '../../shared/list-order.js';
import type { Note } from '../../shared/note.js';
import { linkKey, linkNames, type WikiLink } from '../../shared/wiki-links.js';
import type { Db } from '../db/schema.js';
import { ExportFileNames } from './export-file-name.js';
import { rewriteLinks } from './link-targets.js';
import { notePages } from './note-pages.js';

/** What naming a note's file and its links needs of it. */
type ExportedNote = Pick<Note, 'body'> & ListOrderKey;

/** How Obsidian compares a link with a file's name: by the name as written, ignoring case. */
const asFileName = (name: string) => name.trim().normalize('NFC').toLowerCase();

/**
 * Each note's file in an export, and which note each name leads to, known before any file is
 * written: a note may link to one written later. Only names are held, never the notes' text.
 */
export class ExportLinks {
  private readonly names = new ExportFileNames();
  private readonly fileOf = new Map<string, string>();
  /**
   * The note each name (as `linkKey` makes it) leads to, by Quire's rule: the first in the list's
   * order wins. The pages come in another order, so ties within a second need the whole rule.
   */
  private readonly byName = new Map<string, ListOrderKey>();

  add(note: ExportedNote): void {
    if (this.fileOf.has(note.id)) return;
    this.fileOf.set(note.id, this.names.next(note.body));
    const { id, timeLastModified, changeSeq } = note;
    for (const key of linkNames(note).map(linkKey)) {
      const held = this.byName.get(key);
      if (!held || compareListOrder(note, held) < 0) {
        this.byName.set(key, { id, timeLastModified, changeSeq });
      }
    }
  }

  /** The note's file in the zip; a note come since the names were read gets a free one. */
  fileName(note: ExportedNote): string {
    this.add(note);
    return this.fileOf.get(note.id) as string;
  }

  /**
   * The text with each link that names its note otherwise than by that note's file name (an
   * alias, a title the file name had to change, a title shared by notes) naming the file, and
   * showing what it showed: Obsidian finds notes by their files. `linksWritten` holds, for each
   * inside a rewritten link has, what the note wrote at each link with that inside, in order,
   * so an import can write it back.
   */
  forObsidian(body: string): { body: string; linksWritten: Map<string, string[]> } {
    const inNote = new Map<string, string[]>();
    const rewritten = new Set<string>();
    const text = rewriteLinks(body, (link, inside) => {
      const written = this.insideFor(link) ?? inside;
      inNote.set(written, [...(inNote.get(written) ?? []), inside]);
      if (written !== inside) rewritten.add(written);
      return written;
    });
    const linksWritten = new Map(
      [...rewritten].map((inside) => [inside, inNote.get(inside) ?? []]),
    );
    return { body: text, linksWritten };
  }

  /** The inside of a link naming its note's file, when the link names the note otherwise. */
  private insideFor(link: WikiLink): string | undefined {
    const found = this.byName.get(linkKey(link.target));
    const file = found ? this.fileOf.get(found.id) : undefined;
    if (file === undefined) return undefined;
    const stem = file.replace(/\.md$/, '');
    if (asFileName(stem) === asFileName(link.target)) return undefined;
    const heading = link.heading === undefined ? '' : `#${link.heading}`;
    return `${stem}${heading}|${link.shown}`;
  }
}

/** The names of every note in the list, read a page at a time. */
export async function exportLinks(db: Db, userId: string): Promise<ExportLinks> {
  const links = new ExportLinks();
  for await (const page of notePages(db, userId)) for (const note of page) links.add(note);
  return links;
}
