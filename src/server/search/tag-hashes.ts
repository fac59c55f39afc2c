import { tagSpans } from '../../shared/note-tags.js';

/**
 * The text with each `#` that starts no tag made a space (in code, a colour, a link's heading,
 * an address, the properties), so the index holds `#word` tokens for the tags the Markdown
 * reader finds and no others: `tag:c6dbef` finds no diagram's colour. The word stays findable.
 */
export function withOnlyTagHashes(text: string): string {
  if (!text.includes('#')) return text;
  const starts = new Set(tagSpans(text).map((tag) => tag.from));
  let out = '';
  let copied = 0;
  for (let at = text.indexOf('#'); at !== -1; at = text.indexOf('#', at + 1)) {
    if (starts.has(at)) continue;
    out += `${text.slice(copied, at)} `;
    copied = at + 1;
  }
  return copied === 0 ? text : out + text.slice(copied);
}
