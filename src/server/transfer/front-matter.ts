import { isMap, isScalar, parseDocument } from 'yaml';
import type { Note } from '../../shared/note.js';
import { noteTags } from '../../shared/note-tags.js';
import { noteAliases } from '../../shared/wiki-links.js';

const isoTime = (seconds: number) => new Date(seconds * 1000).toISOString();

/** The key of the links an export wrote otherwise than the note did, and what it did write. */
const LINKS_WRITTEN_KEY = 'quire-links-written';

/** The key that says how many of the front matter's last lines are the note's own. */
const OWN_LINES_KEY = 'quire-properties';

/** Keys Quire writes of its own, which a note's own properties may not hold to merge. */
const OWN_KEYS_TAKEN = ['id', 'created', 'modified', LINKS_WRITTEN_KEY, OWN_LINES_KEY];

/**
 * The note's own front matter, when it opens with a plain one Quire can merge into its own:
 * `---` lines around YAML keys none of Quire's, and the text after it as written.
 */
function ownFrontMatter(body: string): { yaml: string; keys: string[]; rest: string } | undefined {
  const block = /^---\n([\s\S]*?)\n---(?=\n|$)/.exec(body.slice(0, MAX_FRONT_MATTER_CHARS + 16));
  const yaml = block?.[1];
  if (!block || yaml === undefined || /\r|\n(?:---|\.\.\.)/.test(yaml)) return undefined;
  const fields = parseFields(yaml);
  const keys = fields ? Object.keys(fields) : [];
  if (!fields || keys.length === 0 || keys.some((key) => OWN_KEYS_TAKEN.includes(key))) {
    return undefined;
  }
  return { yaml, keys, rest: body.slice(block[0].length) };
}

/**
 * A note as a Markdown file: one YAML front matter (id, created, modified, tags, aliases when it
 * has any, where Obsidian reads them, and the links the export wrote otherwise, each with what
 * the note wrote), then the body. A note's own front matter is merged into it, its lines last
 * and counted, so Obsidian sees one block and an import gives the note back as it was. Strings
 * are written as JSON, which YAML reads as the same strings.
 */
export function noteAsMarkdown(
  note: Note,
  linksWritten: ReadonlyMap<string, readonly string[]> = new Map(),
): string {
  const json = JSON.stringify;
  const list = (items: string[]) => `[${items.map((item) => json(item)).join(', ')}]`;
  const own = ownFrontMatter(note.body);
  const aliases = noteAliases(note.body);
  const fields = [
    `id: ${json(note.id)}`,
    `created: ${isoTime(note.timeCreated)}`,
    `modified: ${isoTime(note.timeLastModified)}`,
    ...(own?.keys.includes('tags') ? [] : [`tags: ${list(noteTags(note.body))}`]),
    ...(aliases.length > 0 && !own?.keys.includes('aliases') ? [`aliases: ${list(aliases)}`] : []),
  ];
  const written = Array.from(
    linksWritten,
    ([link, inNote]) => `${json(link)}: ${list([...inNote])}`,
  );
  const withWritten = [...fields, `${LINKS_WRITTEN_KEY}: {${written.join(', ')}}`];
  // Front matter an import would not read is left without them: the links still lead there.
  const readable = withWritten.join('\n').length <= MAX_FRONT_MATTER_CHARS;
  const quire = written.length > 0 && readable ? withWritten : fields;
  if (own && [...quire, own.yaml].join('\n').length <= MAX_FRONT_MATTER_CHARS) {
    const ownLines = own.yaml.split('\n');
    return `${['---', ...quire, `${OWN_LINES_KEY}: ${ownLines.length}`, ...ownLines, '---'].join('\n')}${own.rest}`;
  }
  return ['---', ...quire, '---', note.body].join('\n');
}

/** What an imported file's front matter says, where Quire, Joplin or Obsidian put it. */
export interface FrontMatter {
  title?: string;
  /** The note's id in the app that wrote it (Quire, Joplin), which its links may name. */
  id?: string;
  created?: number;
  modified?: number;
  tags: string[];
  /** The text after the front matter, or the whole text when it has none Quire can read. */
  body: string;
  /**
   * The front matter's YAML as written, when it holds keys Quire does not take in (aliases,
   * other apps' properties): the note keeps it.
   */
  properties?: string;
  /** Written by Quire's export: only its keys, `id` first. The body is the note exactly. */
  fromQuire: boolean;
  /**
   * In a file of Quire's export, each inside of a link it wrote otherwise than the note did (to
   * name the note's file), with what the note wrote at each link of that inside, in order.
   */
  linksWritten: ReadonlyMap<string, readonly string[]>;
}

/** Keys this import takes in; front matter with any other key is kept in the note. */
const KNOWN_KEYS = new Set(['id', 'title', 'created', 'modified', 'updated', 'tags']);
/** Keys Quire's export writes; `aliases` is a copy of what the note's text says. */
const QUIRE_KEYS = new Set([
  'id',
  'created',
  'modified',
  'tags',
  'aliases',
  LINKS_WRITTEN_KEY,
  OWN_LINES_KEY,
]);
const FENCE = /^---\r?\n([\s\S]*?)\r?\n---(?:\r?\n|$)/;
/**
 * Front matter is a few lines; a longer one stays in the note as text. YAML costs far more per
 * byte than the rest of an import, so this bounds what one file can make the parser do.
 */
export const MAX_FRONT_MATTER_CHARS = 16 * 1024;

function toSeconds(value: unknown): number | undefined {
  const time =
    value instanceof Date ? value.getTime() : typeof value === 'string' ? Date.parse(value) : NaN;
  return Number.isFinite(time) && time >= 0 ? Math.floor(time / 1000) : undefined;
}

/**
 * The front matter's fields, or undefined when it is not plain YAML mapping of its own keys.
 * The YAML library checks repeated keys in quadratic time, so they are checked here, in one
 * pass over the top level; aliases are refused outright (no note needs them).
 */
function parseFields(yaml: string): Record<string, unknown> | undefined {
  const document = parseDocument(yaml, { schema: 'core', uniqueKeys: false });
  if (document.errors.length > 0 || !isMap(document.contents)) return undefined;
  const keys = new Set<unknown>();
  for (const pair of document.contents.items) {
    const key = isScalar(pair.key) ? pair.key.value : pair.key;
    if (keys.has(key)) return undefined;
    keys.add(key);
  }
  try {
    return document.toJS({ maxAliasCount: 0 }) as Record<string, unknown>;
  } catch {
    return undefined;
  }
}

const textOf = (value: unknown) => (typeof value === 'string' ? value : undefined);

/** A mapping of strings to lists of strings, as the export writes the links it rewrote. */
function stringLists(value: unknown): Map<string, string[]> {
  const lists = new Map<string, string[]>();
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return lists;
  for (const [key, items] of Object.entries(value)) {
    if (Array.isArray(items) && items.every((item) => typeof item === 'string')) {
      lists.set(key, items);
    }
  }
  return lists;
}

/** The note's own lines that Quire's front matter ends with, and Quire's lines before them. */
function ownLinesOf(yaml: string, fields: Record<string, unknown>) {
  const count = fields[OWN_LINES_KEY];
  if (!Number.isSafeInteger(count) || (count as number) < 1) return undefined;
  const lines = yaml.split('\n');
  if ((count as number) >= lines.length) return undefined;
  const at = lines.length - (count as number);
  return { quire: lines.slice(0, at).join('\n'), lines: lines.slice(at).join('\n') };
}

export function readFrontMatter(text: string): FrontMatter {
  // Only the head is searched; a fence closing at its very end holds too much to count.
  const fence = FENCE.exec(text.slice(0, MAX_FRONT_MATTER_CHARS + 16));
  const yaml = fence?.[1];
  if (!fence || yaml === undefined || yaml.length > MAX_FRONT_MATTER_CHARS) {
    return { tags: [], body: text, fromQuire: false, linksWritten: new Map() };
  }
  const fields = parseFields(yaml);
  if (!fields) return { tags: [], body: text, fromQuire: false, linksWritten: new Map() };
  const tags = Array.isArray(fields.tags) ? fields.tags.filter((t) => typeof t === 'string') : [];
  const keys = Object.keys(fields);
  const own = ownLinesOf(yaml, fields);
  const quireKeys = own ? Object.keys(parseFields(own.quire) ?? {}) : keys;
  const fromQuire = quireKeys[0] === 'id' && quireKeys.every((key) => QUIRE_KEYS.has(key));
  if (own && fromQuire) {
    // Quire's file of a note with front matter of its own: the note comes back as it was.
    const after = fence[0].endsWith('\n') ? '\n' : '';
    return {
      title: textOf(fields.title),
      id: textOf(fields.id),
      created: toSeconds(fields.created),
      modified: toSeconds(fields.modified),
      tags: [],
      body: `---\n${own.lines}\n---${after}${text.slice(fence[0].length)}`,
      fromQuire,
      linksWritten: stringLists(fields[LINKS_WRITTEN_KEY]),
    };
  }
  const onlyKnown = keys.every((key) => KNOWN_KEYS.has(key));
  return {
    title: textOf(fields.title),
    id: textOf(fields.id),
    created: toSeconds(fields.created),
    modified: toSeconds(fields.modified ?? fields.updated),
    tags,
    body: text.slice(fence[0].length),
    properties: fromQuire || onlyKnown ? undefined : yaml,
    fromQuire,
    linksWritten: fromQuire ? stringLists(fields[LINKS_WRITTEN_KEY]) : new Map(),
  };
}
