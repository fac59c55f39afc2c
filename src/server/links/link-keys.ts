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
