/**
 * A note's properties: the YAML block Obsidian writes at the very top of a note (front matter),
 * or that an import puts right after the title line, since a note's first line is its title.
 */

const FRONT_MATTER = /^---[ \t]*\r?\n([\s\S]*?)\r?\n(?:---|\.\.\.)[ \t]*(?:\r?\n|$)/;

/** A properties block after the title line is a few lines; past this it is text. */
const MAX_PROPERTIES_CHARS = 16 * 1024;
/** The block's first line must be a YAML key, so a rule under a title is not taken for one. */
const PROPERTIES_START = /^---[ \t]*\r?\n[ \t]*[\p{L}\p{N}_-]+[ \t]*:/u;

/**
 * Where a note's properties block starts: at the very top, or right after the title line,
 * blank lines apart. Each character is looked at a bounded number of times.
 */
function propertiesStart(body: string): number | undefined {
  if (body.startsWith('---')) return 0;
  const title = /\S/.exec(body);
  if (!title) return undefined;
  let at = body.indexOf('\n', title.index);
  if (at === -1) return undefined;
  while (at < body.length) {
    const char = body.charCodeAt(at);
    if (char !== 0x0a && char !== 0x0d && char !== 0x20 && char !== 0x09) break;
    at += 1;
  }
  // Back to the start of the line the block opens on.
  while (at > 0 && body.charCodeAt(at - 1) !== 0x0a) at -= 1;
  return PROPERTIES_START.test(body.slice(at, at + 256)) ? at : undefined;
}

/**
 * How much of a note's start holds its properties block, for what reads only the start: more
 * would take a title line or blank lines kilobytes long.
 */
export const PROPERTIES_HEAD_CHARS = 2 * MAX_PROPERTIES_CHARS;

/** A note's properties block, if it has one: where it is, fences included, and its YAML. */
export function propertiesBlock(
  body: string,
): { from: number; to: number; yaml: string } | undefined {
  const start = propertiesStart(body);
  if (start === undefined) return undefined;
  const head = start === 0 ? body : body.slice(start, start + MAX_PROPERTIES_CHARS + 16);
  const block = FRONT_MATTER.exec(head);
  if (!block) return undefined;
  return { from: start, to: start + block[0].length, yaml: block[1] ?? '' };
}

/** One property: its name and its values, quotes taken off; `list` when written as a list. */
export interface NoteProperty {
  name: string;
  values: string[];
  list: boolean;
}

// One item of an inline list: a quoted string (commas and all) or the text up to a comma.
const INLINE_ITEM = /\s*"[^"]*"\s*|\s*'[^']*'\s*|[^,]+/g;
const LIST_ITEM = /^[ \t]*-(?:[ \t]+(.*))?$/;

/** One YAML scalar as written in a simple list: quotes taken off. */
function unquote(value: string): string {
  const text = value.trim();
  const quoted = /^(["'])(.*)\1$/.exec(text);
  return (quoted ? (quoted[2] ?? '') : text).trim();
}

/** The values of `key: value` as written after the colon: one, an inline list, or none yet. */
function valuesOf(written: string): { values: string[]; list: boolean } {
  const value = written.trim();
  if (value.startsWith('[') && value.endsWith(']')) {
    const items = value.slice(1, -1).matchAll(INLINE_ITEM);
    return { values: Array.from(items, (item) => unquote(item[0])), list: true };
  }
  return value === '' ? { values: [], list: true } : { values: [unquote(value)], list: false };
}

/**
 * The properties of a block's YAML as Obsidian's Properties view writes them: `key: value`,
 * `key: [a, b]`, or `key:` with `- a` lines under it. `complete` is false when the YAML holds
 * more than that (nested maps, multi-line text), which is then left unread.
 */
export function readProperties(yaml: string): { properties: NoteProperty[]; complete: boolean } {
  const properties: NoteProperty[] = [];
  let complete = true;
  let last: NoteProperty | undefined;
  for (const line of yaml.split(/\r?\n/)) {
    if (line.trim() === '' || line.trimStart().startsWith('#')) continue;
    const item = LIST_ITEM.exec(line);
    if (item) {
      if (last?.list) last.values.push(unquote(item[1] ?? ''));
      else complete = false;
      continue;
    }
    // A key starts its line; its value is after the first colon and a space.
    const colon = line.indexOf(':');
    const after = line.charCodeAt(colon + 1);
    const name = line.slice(0, colon).trimEnd();
    if (
      colon <= 0 ||
      /^\s/.test(line) ||
      (colon + 1 < line.length && after !== 0x20 && after !== 0x09)
    ) {
      complete = false;
      last = undefined;
      continue;
    }
    last = { name: unquote(name), ...valuesOf(line.slice(colon + 1)) };
    properties.push(last);
  }
  return { properties, complete };
}
