import { type WikiLink, wikiLinks } from '../../shared/wiki-links.js';

/**
 * `text` with the inside of each link (outside code, between `[[` and `]]`) that `rewrite`
 * gives a new one for replaced by it. The `!` of an embed is outside the brackets, so embeds
 * follow too.
 */
export function rewriteLinks(
  text: string,
  rewrite: (link: WikiLink, inside: string) => string | undefined,
): string {
  let out = '';
  let copied = 0;
  for (const link of wikiLinks(text)) {
    const inside = text.slice(link.from + 2, link.to - 2);
    const next = rewrite(link, inside);
    if (next === undefined || next === inside) continue;
    out += `${text.slice(copied, link.from + 2)}${next}`;
    copied = link.to - 2;
  }
  return copied === 0 ? text : out + text.slice(copied);
}

/**
 * A link's inside naming `target` instead: its heading, its shown text and its spacing stay as
 * written.
 */
export function withTarget(link: WikiLink, inside: string, target: string): string {
  // The target is the first thing inside the brackets once spaces are skipped.
  const start = inside.length - inside.trimStart().length;
  return inside.slice(0, start) + target + inside.slice(start + link.target.length);
}
