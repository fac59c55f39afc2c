import { readMarkdown, type WrittenTag } from './markdown/read-markdown.js';

// `#word` in a body is a tag, as the Markdown reader finds them (markdown/quire-markdown.ts):
// never in code, addresses, links or properties. A tag keeps its case as written; names compare
// without case or diacritics (`tagName`).

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
  return tagSpans(body).map((tag) => tag.written);
}

/** Where each tag is written: from its `#` to the end of its name, with the name as written. */
export function tagSpans(text: string): readonly WrittenTag[] {
  if (!text.includes('#')) return [];
  return readMarkdown(text).tags;
}

/**
 * The distinct tags of a note body, in order of first use, each as first written (`#camelCase`
 * stays so); two that differ only in case or accents are one tag.
 */
export function noteTags(body: string): string[] {
  const seen = new Set<string>();
  return writtenTags(body).filter((tag) => {
    const name = tagName(tag);
    if (seen.has(name)) return false;
    seen.add(name);
    return true;
  });
}
