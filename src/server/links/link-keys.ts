import { linkKey, linkNames, wikiLinks } from '../../shared/wiki-links.js';

/** What the link index holds of one note: the names it links to and the names it goes by. */
export interface LinkKeys {
  targets: string[];
  names: string[];
}

export const NO_KEYS: LinkKeys = { targets: [], names: [] };

const distinctKeys = (names: Iterable<string>) => [...new Set(Array.from(names, linkKey))];

const targetKeys = (body: string) => distinctKeys(wikiLinks(body).map((link) => link.target));
const nameKeys = (body: string) => distinctKeys(linkNames({ body }));

/** A note body's link targets (outside code) and names, each as `linkKey` makes it, once. */
export function linkKeysOf(body: string): LinkKeys {
  return { targets: targetKeys(body), names: nameKeys(body) };
}

/** What to add to and remove from the index when a note's keys go from `before` to `after`. */
export interface LinkChange {
  addTargets: string[];
  removeTargets: string[];
  addNames: string[];
  removeNames: string[];
}

const minus = (a: readonly string[], b: readonly string[]) => {
  const taken = new Set(b);
  return a.filter((key) => !taken.has(key));
};

/**
 * Whether two bodies begin with the same title line (so have the same title) and neither has
 * front matter (which may name aliases).
 */
function sameTitleLine(a: string, b: string): boolean {
  if (a.startsWith('---') || b.startsWith('---')) return false;
  const title = a.search(/\S/);
  if (title === -1) return false;
  let end = title;
  while (end < a.length && a[end] !== '\n' && a[end] !== '\r') end += 1;
  return b.startsWith(a.slice(0, end)) && (b.length === end || b[end] === '\n' || b[end] === '\r');
}

/**
 * The index's change when a note's listed body goes from `before` to `after` (undefined: not in
 * the list, as before a create or in the trash); undefined when there is nothing to write. A
 * body without `[[` links nothing, so most saves only compare two titles.
 */
export function linkChange(
  before: string | undefined,
  after: string | undefined,
): LinkChange | undefined {
  const mayLink = (body: string | undefined) => body?.includes('[[') ?? false;
  const readTargets = mayLink(before) || mayLink(after);
  // Most saves: typing below the title of a note without links.
  if (!readTargets && before !== undefined && after !== undefined && sameTitleLine(before, after)) {
    return undefined;
  }
  const keysOf = (body: string | undefined): LinkKeys => {
    if (body === undefined) return NO_KEYS;
    return { names: nameKeys(body), targets: readTargets ? targetKeys(body) : [] };
  };
  const old = keysOf(before);
  const now = keysOf(after);
  const change = {
    addTargets: minus(now.targets, old.targets),
    removeTargets: minus(old.targets, now.targets),
    addNames: minus(now.names, old.names),
    removeNames: minus(old.names, now.names),
  };
  const empty = Object.values(change).every((keys) => keys.length === 0);
  return empty ? undefined : change;
}
