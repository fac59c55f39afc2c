import { wikiLinks } from '../../shared/wiki-links.js';

/** A stretch of a note's text. */
export interface Mention {
  from: number;
  to: number;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The first place `body` names `title` as whole words (any case, spaces or tabs between
 * them, on one line) outside a `[[link]]`: where a one-click "Link" turns the words into a link.
 */
export function firstUnlinkedMention(body: string, title: string): Mention | undefined {
  const words = title.trim().split(/\s+/).filter(Boolean).map(escapeRegExp);
  if (words.length === 0) return undefined;
  const pattern = new RegExp(
    `(?<![\\p{L}\\p{N}_])${words.join('[ \\t]+')}(?![\\p{L}\\p{N}_])`,
    'giu',
  );
  const links = wikiLinks(body);
  // Both come in order, so each link is passed once.
  let next = 0;
  for (const match of body.matchAll(pattern)) {
    const from = match.index;
    const to = from + match[0].length;
    while (next < links.length && (links[next]?.to ?? 0) <= from) next += 1;
    const link = links[next];
    if (!link || link.from >= to) return { from, to };
  }
  return undefined;
}

/** The text with the mention made a link, its words kept as written. */
export function linkMention(body: string, { from, to }: Mention): string {
  return `${body.slice(0, from)}[[${body.slice(from, to)}]]${body.slice(to)}`;
}
