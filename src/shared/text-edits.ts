import { type ArrayChange, type Change, diffArrays, diffChars } from 'diff';

/** One change to a text: at `at` (a UTF-16 offset in the old text), `remove` units give way to `insert`. */
export interface TextEdit {
  at: number;
  remove: number;
  insert: string;
}

/**
 * A diff's cost grows with the length it compares times the changes it finds. A changed middle
 * is diffed by line when it spans lines, each changed run then by word (up to a length), and
 * at last by character when this short, each diff with a bound on its changes. Past a bound
 * the part is replaced whole, which is what such an edit is.
 */
const MAX_EDIT_LENGTH = 32;
const MAX_DIFFED_LENGTH = 1_024;

interface Level {
  pieces: RegExp;
  maxEditLength: number;
  /** Whether a diff at this level can say anything of these two texts. */
  fits(before: string, after: string): boolean;
}
const LINES: Level = {
  pieces: /[^\n]*\n|[^\n]+$/g,
  maxEditLength: 256,
  fits: (before, after) => before.includes('\n') || after.includes('\n'),
};
const WORDS: Level = {
  pieces: /\s+|[\p{L}\p{N}\p{M}_]+|[^\s\p{L}\p{N}\p{M}_]/gu,
  maxEditLength: 128,
  fits: (before, after) => before.length + after.length <= 16_384,
};

const isHighSurrogate = (code: number) => code >= 0xd800 && code <= 0xdbff;
const isLowSurrogate = (code: number) => code >= 0xdc00 && code <= 0xdfff;

/** The length of the common start of two texts, never ending inside a surrogate pair. */
function commonPrefix(a: string, b: string): number {
  const limit = Math.min(a.length, b.length);
  let n = 0;
  while (n < limit && a.charCodeAt(n) === b.charCodeAt(n)) n++;
  if (n > 0 && isHighSurrogate(a.charCodeAt(n - 1))) n--;
  return n;
}

/** The length of the common end of two texts after `skip` units, never starting inside a pair. */
function commonSuffix(a: string, b: string, skip: number): number {
  const limit = Math.min(a.length, b.length) - skip;
  let n = 0;
  while (n < limit && a.charCodeAt(a.length - 1 - n) === b.charCodeAt(b.length - 1 - n)) n++;
  if (n > 0 && isLowSurrogate(a.charCodeAt(a.length - n))) n--;
  return n;
}

/**
 * The edits that turn `from` into `to`, in order, each at an offset of `from`. Linear in the
 * texts' length plus bounded diffs of the part that changed: a common start and end are cut
 * off first, and a part too different to diff cheaply is replaced whole. Edits fall on code point
 * boundaries, so no surrogate pair is ever split.
 */
export function textEdits(from: string, to: string): TextEdit[] {
  if (from === to) return [];
  let prefix = commonPrefix(from, to);
  let suffix = commonSuffix(from, to, prefix);
  if (prefix + suffix < Math.min(from.length, to.length)) {
    // Both sides changed something: the middle starts and ends at whole words, so its word diff
    // compares words, not the ends of two different ones.
    while (prefix > 0 && isWordCharacter(from[prefix - 1])) prefix -= 1;
    while (suffix > 0 && isWordCharacter(from[from.length - suffix])) suffix -= 1;
  }
  const oldMiddle = from.slice(prefix, from.length - suffix);
  const newMiddle = to.slice(prefix, to.length - suffix);
  const edits = diffed(oldMiddle, newMiddle, prefix, [LINES, WORDS]);
  return widenToWords(from, to, slideToWordStarts(from, edits));
}

/**
 * The edits that turn `before` into `after`, at offsets from `at`: by line when they span lines,
 * then by word, each changed run refined by the finer levels, at last by character when short. A
 * word diff first keeps whole words apart ("w10 w11" → "w11" removes "w10 ", where a character
 * diff would remove "10 w" and leave a `w` shared by two words).
 */
function diffed(before: string, after: string, at: number, levels: Level[]): TextEdit[] {
  const whole = [{ at, remove: before.length, insert: after }];
  if (before === '' || after === '') return whole;
  const length = before.length + after.length;
  const index = levels.findIndex((level) => level.fits(before, after));
  const level = levels[index];
  if (!level) {
    const parts =
      length <= MAX_DIFFED_LENGTH
        ? diffChars(before, after, { maxEditLength: MAX_EDIT_LENGTH })
        : undefined;
    return parts ? editsOf(parts, at) : whole;
  }
  const beforePieces = before.match(level.pieces) ?? [];
  const afterPieces = after.match(level.pieces) ?? [];
  if (fewestEdits(beforePieces, afterPieces) > level.maxEditLength) return whole;
  const parts = diffArrays(beforePieces, afterPieces, { maxEditLength: level.maxEditLength });
  if (!parts) return whole;
  const finer = levels.slice(index + 1);
  return runsOf(parts, at).flatMap((run) => diffed(run.before, run.after, run.at, finer));
}

/**
 * A lower bound on the pieces any diff of the two lists must add or remove: a piece kept is in
 * both, so no more are kept than the two share. Counted in linear time, it spares the search of
 * a diff sure to pass its bound (a text replaced by a wholly different one).
 */
function fewestEdits(before: readonly string[], after: readonly string[]): number {
  const counts = new Map<string, number>();
  for (const piece of before) counts.set(piece, (counts.get(piece) ?? 0) + 1);
  let shared = 0;
  for (const piece of after) {
    const left = counts.get(piece) ?? 0;
    if (left > 0) {
      shared += 1;
      counts.set(piece, left - 1);
    }
  }
  return before.length + after.length - 2 * shared;
}

/** The changed runs of a diff of pieces: at `at`, `before` became `after`. */
function runsOf(parts: ArrayChange<string>[], start: number) {
  const runs: { at: number; before: string; after: string }[] = [];
  let at = start;
  let open: { at: number; before: string; after: string } | undefined;
  for (const part of parts) {
    const text = part.value.join('');
    if (!part.added && !part.removed) {
      open = undefined;
      at += text.length;
      continue;
    }
    if (!open) {
      open = { at, before: '', after: '' };
      runs.push(open);
    }
    if (part.added) {
      open.after += text;
    } else {
      open.before += text;
      at += text.length;
    }
  }
  return runs;
}

const isWordCharacter = (char: string | undefined) =>
  char !== undefined && /[\p{L}\p{N}\p{M}]/u.test(char);

/**
 * A diff keeps any character the two texts share, even inside words it changes ("only" →
 * "yet" keeps the `y`): such a character would then belong to both the old word and the new
 * one, and another device deleting the old word would take it out of the new. So an edit that
 * removes text is widened to the whole words it touches, and a pure insertion too when it lands
 * inside a word; edits that then touch, or removing edits only spaces apart, join into one.
 * Typing at the end of a word or between words stays a plain insertion.
 */
function widenToWords(from: string, to: string, edits: TextEdit[]): TextEdit[] {
  // Each edit as spans of both texts; between edits the two texts are the same.
  type Span = {
    fromStart: number;
    fromEnd: number;
    toStart: number;
    toEnd: number;
    removes: boolean;
  };
  const spans: Span[] = [];
  let shift = 0;
  edits.forEach((edit, i) => {
    const span: Span = {
      fromStart: edit.at,
      fromEnd: edit.at + edit.remove,
      toStart: edit.at + shift,
      toEnd: edit.at + shift + edit.insert.length,
      removes: edit.remove > 0,
    };
    shift += edit.insert.length - edit.remove;
    const last = spans.at(-1);
    // Widening stops at a neighbour; touching one, the two join.
    const min = last?.fromEnd ?? 0;
    const max = edits[i + 1]?.at ?? from.length;
    const insideWord =
      isWordCharacter(from[edit.at - 1]) && isWordCharacter(from[edit.at + edit.remove]);
    const glueLeft = span.removes
      ? isWordCharacter(from[edit.at]) || isWordCharacter(edit.insert[0])
      : insideWord;
    const glueRight = span.removes
      ? isWordCharacter(from[edit.at + edit.remove - 1]) || isWordCharacter(edit.insert.at(-1))
      : insideWord;
    while (glueLeft && span.fromStart > min && isWordCharacter(from[span.fromStart - 1])) {
      span.fromStart--;
      span.toStart--;
    }
    while (glueRight && span.fromEnd < max && isWordCharacter(from[span.fromEnd])) {
      span.fromEnd++;
      span.toEnd++;
    }
    const gap = last ? from.slice(last.fromEnd, span.fromStart) : '';
    const joins =
      last &&
      (last.fromEnd >= span.fromStart || (last.removes && span.removes && /^[ \t]+$/.test(gap)));
    if (last && joins) {
      last.fromEnd = span.fromEnd;
      last.toEnd = span.toEnd;
      last.removes ||= span.removes;
    } else {
      spans.push(span);
    }
  });
  return spans.map((span) => ({
    at: span.fromStart,
    remove: span.fromEnd - span.fromStart,
    insert: to.slice(span.toStart, span.toEnd),
  }));
}

/** Edits from a diff's parts, made at offsets from `start`; adjoining removals and insertions join. */
function editsOf(parts: Change[], start: number): TextEdit[] {
  const edits: TextEdit[] = [];
  let at = start;
  for (const part of parts) {
    const last = edits.at(-1);
    const adjoining = last !== undefined && last.at + last.remove === at;
    if (part.added) {
      if (adjoining) last.insert += part.value;
      else edits.push({ at, remove: 0, insert: part.value });
    } else if (part.removed) {
      if (adjoining) last.remove += part.value.length;
      else edits.push({ at, remove: part.value.length, insert: '' });
      at += part.value.length;
    } else {
      at += part.value.length;
    }
  }
  return edits;
}

/** Each pure insertion or deletion slid to its best start, never past its neighbours. */
function slideToWordStarts(from: string, edits: TextEdit[]): TextEdit[] {
  const slid: TextEdit[] = [];
  edits.forEach((edit, i) => {
    const previous = slid.at(-1);
    const min = previous ? previous.at + previous.remove : 0;
    slid.push(slideToWordStart(from, edit, min, edits[i + 1]?.at ?? from.length));
  });
  return slid;
}

/**
 * How well a run at `start`…`end` of a text suits an edit: starting a line or a word counts
 * most, ending before a space or the end of the text next.
 */
function boundaryScore(text: string, start: number, end: number): number {
  const before =
    start === 0 || text[start - 1] === '\n' ? 4 : /\s/.test(text[start - 1] ?? '') ? 2 : 0;
  const after = end >= text.length || /\s/.test(text[end] ?? '') ? 1 : 0;
  return before + after;
}

const isSurrogate = (text: string, at: number) => {
  const code = text.charCodeAt(at);
  return isHighSurrogate(code) || isLowSurrogate(code);
};

/**
 * A diff may place a pure insertion or deletion anywhere in a run of equal characters
 * ("- br[own br]ead"); the same change can start at a word ("- [brown ]bread"), which keeps the
 * characters a writer would call unchanged. Slides it, within `min`..`max`, to the best start.
 */
function slideToWordStart(text: string, edit: TextEdit, min: number, max: number): TextEdit {
  const inserting = edit.remove === 0;
  if (!inserting && edit.insert !== '') return edit;
  const length = inserting ? edit.insert.length : edit.remove;
  // The moving run: what is inserted, or what is removed; sliding rotates it through the text.
  let run = inserting ? edit.insert : text.slice(edit.at, edit.at + length);
  let at = edit.at;
  const end = () => (inserting ? at : at + length);
  while (at > min && text[at - 1] === run.at(-1) && !isSurrogate(text, at - 1)) {
    at -= 1;
    run = inserting ? text[at] + run.slice(0, -1) : text.slice(at, at + length);
  }
  let best = { at, run, score: boundaryScore(text, at, end()) };
  while (end() < max && text[end()] === run[0] && !isSurrogate(text, end())) {
    run = inserting ? run.slice(1) + text[at] : text.slice(at + 1, at + 1 + length);
    at += 1;
    const score = boundaryScore(text, at, end());
    if (score > best.score) best = { at, run, score };
  }
  return inserting
    ? { at: best.at, remove: 0, insert: best.run }
    : { at: best.at, remove: length, insert: '' };
}

/** Applies edits made by `textEdits` to the text they were made from. */
export function applyTextEdits(text: string, edits: readonly TextEdit[]): string {
  let result = '';
  let done = 0;
  for (const edit of edits) {
    result += text.slice(done, edit.at) + edit.insert;
    done = edit.at + edit.remove;
  }
  return result + text.slice(done);
}
