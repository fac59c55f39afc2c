import type { SearchEngine } from './search-engine.js';
import type { SearchQuery } from './search-query.js';

/** Only words have stems: a query of tags and spaceless text finds the same either way. */
const hasWords = (query: SearchQuery) => query.include.some((term) => term.kind === 'words');

/**
 * Notes found by the words as written (or as prefixes) first, then those found only by the
 * words' English stems ("recipes" finds "recipe"). The stems are looked up only when the words
 * leave room under the limit: every note they find ranks below the others anyway.
 */
export function exactThenStemmed(exact: SearchEngine, stemmed: SearchEngine): SearchEngine {
  return async (request) => {
    const found = await exact(request);
    if (found.length >= request.limit || !hasWords(request.query)) return found;
    const seen = new Set(found.map((note) => note.id));
    // At most `found.length` of these were found already, so enough are left to fill the limit.
    const more = (await stemmed(request)).filter((note) => !seen.has(note.id));
    return [...found, ...more].slice(0, request.limit);
  };
}
