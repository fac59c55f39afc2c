import { diffWordsWithSpace } from 'diff';

/**
 * How far the diff may search (changed words; and milliseconds) before it gives up and shows
 * the two texts whole: a long note changed everywhere never holds the page for long.
 */
const DIFF_LIMITS = { maxEditLength: 1_000, timeout: 100 };

/** One piece of a word diff, for showing what a version changed. */
export interface DiffPart {
  kind: 'same' | 'added' | 'removed';
  text: string;
}

/** What changed from `before` to `after`, word by word, for people to read. */
export function diffTexts(before: string, after: string): DiffPart[] {
  const changes = diffWordsWithSpace(before, after, DIFF_LIMITS);
  if (!changes) {
    return [
      { kind: 'removed' as const, text: before },
      { kind: 'added' as const, text: after },
    ].filter((part) => part.text !== '');
  }
  return changes.map((change) => ({
    kind: change.added ? 'added' : change.removed ? 'removed' : 'same',
    text: change.value,
  }));
}
