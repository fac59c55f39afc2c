import { type WikiLink, wikiLinks } from '../../shared/wiki-links.js';

/**
 * `text` with the target of each link (outside code) that `retarget` gives a new one for
 * replaced by it; the heading, the shown text and the spacing stay as written. The `!` of an
 * embed is outside the brackets, so embeds follow too.
 */
export function retargetLinks(
  text: string,
  retarget: (link: WikiLink) => string | undefined,
): string {
  let out = '';
  let copied = 0;
  for (const link of wikiLinks(text)) {
    const target = retarget(link);
    if (target === undefined || target === link.target) continue;
    // The target is the first thing inside the brackets once spaces are skipped.
    const inside = text.slice(link.from + 2, link.to - 2);
    const start = link.from + 2 + (inside.length - inside.trimStart().length);
    out += text.slice(copied, start) + target;
    copied = start + link.target.length;
  }
  return copied === 0 ? text : out + text.slice(copied);
}
