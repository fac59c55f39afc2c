// `#word` in a body is a tag: `#` at the start or after a character that is not a letter, digit
// or `#`, then letters and digits, the first a letter. Headings (`# Title`), `C#` and URL
// fragments are not tags. Names compare without case or diacritics.
const TAG = /(?<![\p{L}\p{N}\p{M}#])#(\p{L}[\p{L}\p{N}\p{M}]*)/gu;

/** A tag's name as it is compared and shown: lower case, diacritics removed. */
export const tagName = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** The distinct tags of a note body, in order of first use. */
export function noteTags(body: string): string[] {
  if (!body.includes('#')) return [];
  const tags = new Set<string>();
  for (const match of body.matchAll(TAG)) tags.add(tagName(match[1] ?? ''));
  return [...tags];
}
