// `#word` in a body is a tag: `#` at the start or after a character that is not a letter, digit
// or `#`, then letters and digits, the first a letter. `#parent/child` is a nested tag: each
// `/` followed by letters or digits goes on it. Headings (`# Title`), `C#` and URL fragments
// are not tags. Names compare without case or diacritics.
const TAG = /(?<![\p{L}\p{N}\p{M}#])#(\p{L}[\p{L}\p{N}\p{M}]*(?:\/[\p{L}\p{N}\p{M}]+)*)/gu;

/** The tag a nested tag sits under (`a/b` for `a/b/c`), or undefined for a top-level tag. */
export function parentTag(name: string): string | undefined {
  const slash = name.lastIndexOf('/');
  return slash === -1 ? undefined : name.slice(0, slash);
}

/** Whether a note tagged `name` is under `filter`: the tag itself or one nested in it. */
export const isUnderTag = (name: string, filter: string) =>
  name === filter || (name.length > filter.length && name.startsWith(`${filter}/`));

/**
 * A tag's name as it is compared and shown: lower case, accents removed. Only the combining
 * accents of Latin, Greek and Cyrillic go: kana keep their voicing marks (`食べ` is not `食へ`).
 */
export const tagName = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .normalize('NFC')
    .toLowerCase();

/** A body's tags as written, in order, repeats included. */
export function writtenTags(body: string): string[] {
  if (!body.includes('#')) return [];
  return Array.from(body.matchAll(TAG), (match) => match[1] ?? '');
}

/** Where each tag is written: from its `#` to the end of its name, with the name as written. */
export function tagSpans(text: string): { from: number; to: number; written: string }[] {
  if (!text.includes('#')) return [];
  return Array.from(text.matchAll(TAG), (match) => ({
    from: match.index,
    to: match.index + match[0].length,
    written: match[1] ?? '',
  }));
}

/** The distinct tags of a note body, by name, in order of first use. */
export function noteTags(body: string): string[] {
  return [...new Set(writtenTags(body).map(tagName))];
}
