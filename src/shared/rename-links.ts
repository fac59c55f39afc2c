import { linkKey, wikiLinks } from './wiki-links.js';

/** How long a changed title must stand before links to the old one follow it. */
export const RENAME_PAUSE_MS = 3_000;

// A link cannot name a title holding these: they end or split a `[[…]]`, or start code.
const UNLINKABLE = /[[\]|#`\r\n]/;

/** Whether links can name `title`: something to name, and nothing that would break a link. */
export function isLinkableTitle(title: string): boolean {
  return title.trim() !== '' && !UNLINKABLE.test(title);
}

/** Whether going from one title to another renames anything links see. */
export function isRename(from: string, to: string): boolean {
  return isLinkableTitle(from) && isLinkableTitle(to) && linkKey(from) !== linkKey(to);
}

/**
 * `text` with every link to `from` (outside code) naming `to` instead; its heading, its shown
 * text and its spacing stay as written. `count` is how many links changed.
 */
export function renameLinkTargets(
  text: string,
  from: string,
  to: string,
): { text: string; count: number } {
  const key = linkKey(from);
  const name = to.trim();
  let renamed = '';
  let copied = 0;
  let count = 0;
  for (const link of wikiLinks(text)) {
    if (linkKey(link.target) !== key) continue;
    // The target is the first thing inside the brackets once spaces are skipped.
    const inside = text.slice(link.from + 2, link.to - 2);
    const start = link.from + 2 + (inside.length - inside.trimStart().length);
    renamed += text.slice(copied, start) + name;
    copied = start + link.target.length;
    count += 1;
  }
  return count === 0 ? { text, count } : { text: renamed + text.slice(copied), count };
}
