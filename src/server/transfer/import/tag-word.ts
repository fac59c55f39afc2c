import { noteTags, tagName } from '../../../shared/note-tags.js';

/** Words run together, each after the first capitalized: "Home stuff" is `HomeStuff`. */
function runTogether(label: string): string {
  const words = label.split(/[^\p{L}\p{N}\p{M}]+/u).filter((word) => word !== '');
  return words
    .map((word, i) => (i === 0 ? word : word.charAt(0).toUpperCase() + word.slice(1)))
    .join('');
}

/**
 * Turns another app's label ("Home stuff", "2024 plans", "Projects/Work") into one `#word`
 * Quire reads as a tag (letters and digits, a letter first); a `/` nests it, as Obsidian's do.
 */
export function tagWord(label: string): string {
  const [first = '', ...rest] = label
    .split('/')
    .map(runTogether)
    .filter((part) => part !== '');
  if (first === '') return 'untitled';
  return [/^\p{L}/u.test(first) ? first : `tag${first}`, ...rest].join('/');
}

/** Adds a source's own tags as `#words` on a last line, leaving out those the text has. */
export function withTags(body: string, tags: string[]): string {
  if (tags.length === 0) return body;
  // Each distinct label is turned into a word once, however often it is repeated.
  const words = new Set(Array.from(new Set(tags), tagWord));
  // Only a word the text holds after a `#` may be there as a tag: the text is read only then.
  const folded = tagName(body);
  const maybe = [...words].some((tag) => folded.includes(`#${tagName(tag)}`));
  const present = new Set(maybe ? noteTags(body).map(tagName) : []);
  const missing = [...words].filter((tag) => !present.has(tagName(tag)));
  if (missing.length === 0) return body;
  // trimEnd, not /\s+$/: that regex retries from every space of a long run (quadratic).
  return `${body.trimEnd()}\n\n${missing.map((tag) => `#${tag}`).join(' ')}`;
}
