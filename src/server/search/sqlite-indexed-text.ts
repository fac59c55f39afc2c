import { indexedText } from './spaceless-grams.js';
import { withOnlyTagHashes } from './tag-hashes.js';

/**
 * SQLite's `quire_indexed_text`: what the search index adds for Chinese and Japanese text
 * (migration 0012), and only the tags the Markdown reader finds written as `#word` (migration
 * 0032).
 */
export const sqliteIndexedText = (text: unknown) =>
  typeof text === 'string' ? indexedText(withOnlyTagHashes(text)) : text;
