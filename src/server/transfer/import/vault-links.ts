import path from 'node:path/posix';
import { replaceInProse } from '../../../shared/markdown/prose.js';
import { isLinkableTitle } from '../../../shared/rename-links.js';
import {
  linkIndex,
  linkKey,
  linkTitle,
  resolveLink,
  wikiLinkAt,
  wikiLinks,
} from '../../../shared/wiki-links.js';
import { rewriteLinks, withTarget } from '../link-targets.js';
import type { MarkdownNote } from './markdown-files.js';
import { retitled, UniqueTitles } from './unique-titles.js';

/** One note of a vault, with its file's path inside the vault. */
export interface VaultFile extends MarkdownNote {
  path: string;
}

/**
 * The folder every note of a zip is in ("Vault/"), or "" when they share none: that folder is
 * the vault itself, so it becomes no tag.
 */
export function vaultRoot(paths: readonly string[]): string {
  let common: string[] | undefined;
  for (const file of paths) {
    const folders = file.split('/').slice(0, -1);
    if (!common) common = folders;
    else {
      let same = 0;
      while (same < common.length && common[same] === folders[same]) same += 1;
      common.length = same;
    }
    if (common.length === 0) return '';
  }
  return common && common.length > 0 ? `${common.join('/')}/` : '';
}

const NOTE_EXTENSION = /\.(md|markdown|txt|text)$/i;
const pathKey = (file: string) => file.replace(NOTE_EXTENSION, '').normalize('NFC').toLowerCase();
const stemKey = (file: string) => linkKey(path.basename(file).replace(NOTE_EXTENSION, ''));
const folderOf = (file: string) => path.dirname(file);
/** Joplin names each note's file by its id in its raw export. */
const JOPLIN_ID = /^[0-9a-f]{32}$/;

/** Path ends a link may name a note by (`folder/Name`), up to this many folders deep. */
const MAX_TAIL_PARTS = 8;

/** Where a vault's notes are, found the ways Obsidian and Joplin name them in links. */
class VaultPlaces {
  private readonly byStem = new Map<string, VaultFile>();
  private readonly byStemInFolder = new Map<string, VaultFile>();
  private readonly byPath = new Map<string, VaultFile>();
  private readonly byTail = new Map<string, VaultFile>();
  private readonly byId = new Map<string, VaultFile>();

  /**
   * `files` in order of path length: of notes sharing a name, the shortest path is found
   * first. Every map is filled once, so each link is found without looking through notes.
   */
  constructor(files: readonly VaultFile[]) {
    const first = (map: Map<string, VaultFile>, key: string, file: VaultFile) => {
      if (!map.has(key)) map.set(key, file);
    };
    for (const file of files) {
      const stem = stemKey(file.path);
      first(this.byStem, stem, file);
      first(this.byStemInFolder, `${pathKey(folderOf(file.path))}\0${stem}`, file);
      const key = pathKey(file.path);
      this.byPath.set(key, file);
      const parts = key.split('/');
      for (let n = 2; n <= Math.min(parts.length, MAX_TAIL_PARTS); n += 1) {
        first(this.byTail, parts.slice(-n).join('/'), file);
      }
      const id = file.sourceId ?? path.basename(file.path).replace(NOTE_EXTENSION, '');
      if (JOPLIN_ID.test(id) || file.sourceId !== undefined) this.byId.set(id, file);
    }
  }

  /**
   * The note a link from `from` names by `target`: a bare name is a file's name anywhere, the
   * one in the same folder first, then the shortest path (as Obsidian resolves it); a name with
   * a folder is a path from the note, from the vault's top, or the end of a path.
   */
  find(from: VaultFile, target: string): VaultFile | undefined {
    if (!target.includes('/')) {
      const stem = stemKey(target);
      const here = this.byStemInFolder.get(`${pathKey(folderOf(from.path))}\0${stem}`);
      return here ?? this.byStem.get(stem);
    }
    const wanted = pathKey(path.normalize(target).replace(/^\/+/, ''));
    return (
      this.byPath.get(pathKey(path.join(folderOf(from.path), target))) ??
      this.byPath.get(wanted) ??
      this.byTail.get(wanted.replace(/^(\.\.\/)+/, ''))
    );
  }

  byJoplinId(id: string): VaultFile | undefined {
    return this.byId.get(id);
  }
}

/**
 * Titles unique as links compare them: Quire's own files keep theirs; of the others sharing a
 * name, the one a bare link finds (the shortest path) keeps it, and the rest are named after
 * their folder too, "Name (folder)".
 */
function giveUniqueTitles(files: readonly VaultFile[]): void {
  const titles = new UniqueTitles();
  for (const file of files) {
    const title = file.fromQuire ? linkTitle(file.note.body) : undefined;
    if (title !== undefined) titles.reserve(title);
  }
  for (const file of files) {
    const title = file.fromQuire ? undefined : linkTitle(file.note.body);
    if (title === undefined || titles.take(title)) continue;
    const folder = path.basename(folderOf(file.path));
    const fresh = titles.another(title, folder === '.' ? undefined : folder);
    file.note.body = retitled(file.note.body, title, fresh);
  }
}

// `[shown](path.md#heading)` or `[shown](<path with spaces.md>)`, and Joplin's `[shown](:/id)`.
const MARKDOWN_NOTE_LINK =
  /(?<!!)\[([^[\]`\n]{0,500})\]\((?:<([^<>\n]{1,1000})>|([^()<>\s]{1,1000}))\)/g;
const JOPLIN_LINK = /^:\/([0-9a-f]{32})$/;

function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** A link to `title`, showing `shown` unless that is the title already. */
function wikiLink(title: string, heading: string, shown: string): string {
  const named = heading === '' ? title : `${title}#${heading}`;
  const plain = shown.trim() === '' || linkKey(shown) === linkKey(named);
  return plain ? `[[${named}]]` : `[[${named}|${shown}]]`;
}

/**
 * What the note wrote at each link of a file of Quire's export, asked in order, where the
 * export wrote it otherwise. A file edited since (links of that inside added or taken away)
 * gets back only what every link of that inside had written alike.
 */
function linksAsWritten(file: VaultFile): (inside: string) => string | undefined {
  if (file.linksWritten.size === 0) return () => undefined;
  const count = new Map<string, number>();
  for (const link of wikiLinks(file.note.body)) {
    const inside = file.note.body.slice(link.from + 2, link.to - 2);
    count.set(inside, (count.get(inside) ?? 0) + 1);
  }
  const seen = new Map<string, number>();
  return (inside) => {
    const inNote = file.linksWritten.get(inside);
    if (!inNote) return undefined;
    const index = seen.get(inside) ?? 0;
    seen.set(inside, index + 1);
    if (inNote.length === count.get(inside)) return inNote[index];
    return inNote.every((written) => written === inNote[0]) ? inNote[0] : undefined;
  };
}

/**
 * Makes a vault's notes one linked whole: titles unique, and every `[[link]]`, `![[embed]]`,
 * Markdown link to a note file and Joplin `:/id` link naming the note it named in its app, by
 * the title that note has here. A link Quire already resolves to that note stays as written;
 * one that names no note of the vault stays too (it may name an alias, or a note to come).
 */
export function joinVault(vault: readonly VaultFile[]): void {
  const files = [...vault].sort(
    (a, b) => a.path.length - b.path.length || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0),
  );
  giveUniqueTitles(files);
  const places = new VaultPlaces(files);
  const named = linkIndex(
    files.map((file) => ({
      id: file.path,
      body: file.note.body,
      timeLastModified: file.note.timeLastModified ?? 0,
      file,
    })),
  );
  const titleOf = new Map(files.map((file) => [file, linkTitle(file.note.body)]));
  const linkableTitle = (file: VaultFile | undefined) => {
    const title = file ? titleOf.get(file) : undefined;
    return title !== undefined && isLinkableTitle(title) ? title : undefined;
  };
  for (const file of files) {
    const asWritten = linksAsWritten(file);
    const linked = rewriteLinks(file.note.body, (link, inside) => {
      // Quire's export named the note by its file where the note named it otherwise: what
      // the note wrote comes back while it still leads there.
      const inNote = asWritten(inside);
      const target = places.find(file, link.target);
      if (!target) return undefined;
      const said = inNote === undefined ? null : wikiLinkAt(`[[${inNote}]]`);
      if (
        said &&
        said.heading === link.heading &&
        resolveLink(named, said.target)?.file === target
      ) {
        return inNote;
      }
      if (resolveLink(named, link.target)?.file === target) return undefined;
      const title = linkableTitle(target);
      return title === undefined ? undefined : withTarget(link, inside, title);
    });
    file.note.body = replaceInProse(
      linked,
      MARKDOWN_NOTE_LINK,
      (whole, shown: string, spaced?: string, plain?: string) => {
        const written = decoded(spaced ?? plain ?? '');
        const joplin = JOPLIN_LINK.exec(written);
        const hash = written.indexOf('#');
        const filePath = hash === -1 ? written : written.slice(0, hash);
        if (!joplin && (!NOTE_EXTENSION.test(filePath) || /^[a-z][a-z0-9+.-]*:/i.test(filePath))) {
          return whole;
        }
        const target = joplin
          ? places.byJoplinId(joplin[1] as string)
          : places.find(file, filePath);
        const title = linkableTitle(target);
        if (title === undefined) return whole;
        const heading = joplin || hash === -1 ? '' : written.slice(hash + 1);
        return /[[\]|#`]/.test(heading) ? whole : wikiLink(title, heading, shown);
      },
    );
  }
}
