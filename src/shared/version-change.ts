import { diffArrays } from 'diff';
import { changedRange } from './changed-range.js';

/** What one version of a note changed from the one before it, as the History list tells them apart. */
export interface VersionChange {
  wordsAdded: number;
  wordsRemoved: number;
  /** The first words that changed, cut short; `removed` when the change only took words away. */
  firstChanged: { text: string; removed: boolean } | null;
}

/** Past this many changed words the count is of the changed region whole, not word by word. */
const MAX_WORD_EDITS = 200;
const EXCERPT_CHARACTERS = 60;

/**
 * A word: a run of letters and digits (with inner apostrophes), or one Chinese or Japanese
 * character, as word counters count text written without spaces. A pattern rather than the
 * browser's word breaks, which are far slower on a long note.
 */
const WORD =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]|[\p{L}\p{N}\p{M}]+(?:['’][\p{L}\p{N}\p{M}]+)*/gu;

interface Word {
  text: string;
  start: number;
  end: number;
}

function wordsIn(text: string, from: number, to: number): Word[] {
  const found: Word[] = [];
  for (const match of text.slice(from, to).matchAll(WORD)) {
    const start = from + (match.index ?? 0);
    found.push({ text: match[0], start, end: start + match[0].length });
  }
  return found;
}

function isSpace(character: string | undefined): boolean {
  return character === undefined || /\s/.test(character);
}

/** Widens a changed region to whole words, so a word edited in its middle counts as changed. */
function wholeWords(text: string, start: number, end: number): [number, number] {
  let from = start;
  while (from > 0 && !isSpace(text[from - 1])) from -= 1;
  let to = end;
  while (to < text.length && !isSpace(text[to])) to += 1;
  return [from, to];
}

/** The text of a run of changed words, on one line and cut short. */
function excerpt(text: string, run: Word[]): string {
  const first = run[0];
  const last = run[run.length - 1];
  if (!first || !last) return '';
  const whole = text.slice(first.start, last.end).replace(/\s+/g, ' ');
  if (whole.length <= EXCERPT_CHARACTERS) return whole;
  const cut = whole.slice(0, EXCERPT_CHARACTERS);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > 0 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

/**
 * Counts the words added and removed from `before` to `after`. Only the region between the
 * common start and end is compared, word by word, so a long note costs little to summarize.
 */
export function versionChange(before: string, after: string): VersionChange {
  const range = changedRange(before, after);
  const tail = before.length - range.end;
  const [start, oldEnd] = wholeWords(before, range.start, range.end);
  const [, newEnd] = wholeWords(after, range.start, after.length - tail);
  const oldWords = wordsIn(before, start, Math.max(oldEnd, start));
  const newWords = wordsIn(after, start, Math.max(newEnd, start));
  const parts = diffArrays(
    oldWords.map((word) => word.text),
    newWords.map((word) => word.text),
    { maxEditLength: MAX_WORD_EDITS },
  );
  if (!parts) return summary(before, after, oldWords, newWords, [oldWords], [newWords]);
  const removedRuns: Word[][] = [];
  const addedRuns: Word[][] = [];
  let oldAt = 0;
  let newAt = 0;
  for (const part of parts) {
    const count = part.value.length;
    if (part.removed) {
      removedRuns.push(oldWords.slice(oldAt, oldAt + count));
      oldAt += count;
    } else if (part.added) {
      addedRuns.push(newWords.slice(newAt, newAt + count));
      newAt += count;
    } else {
      oldAt += count;
      newAt += count;
    }
  }
  return summary(before, after, removedRuns.flat(), addedRuns.flat(), removedRuns, addedRuns);
}

function summary(
  before: string,
  after: string,
  removed: Word[],
  added: Word[],
  removedRuns: Word[][],
  addedRuns: Word[][],
): VersionChange {
  const firstAdded = addedRuns.find((run) => run.length > 0);
  const firstRemoved = removedRuns.find((run) => run.length > 0);
  let firstChanged: VersionChange['firstChanged'] = null;
  if (firstAdded) firstChanged = { text: excerpt(after, firstAdded), removed: false };
  else if (firstRemoved) firstChanged = { text: excerpt(before, firstRemoved), removed: true };
  return { wordsAdded: added.length, wordsRemoved: removed.length, firstChanged };
}
