import { diffArrays, diffWordsWithSpace } from 'diff';

/** The outcome of a three-way merge: the merged text, and whether any of `ours` was set aside. */
export interface MergedText {
  text: string;
  /** True when both sides changed the same words and `theirs` won there. */
  conflict: boolean;
}

/** Lines with their line break: the first, cheap level of a merge. */
const LINE = /[^\n]*\n|[^\n]+$/g;
/** Words, runs of white space, and single other characters: the units a word merge keeps whole. */
const TOKEN = /\s+|[\p{L}\p{N}\p{M}_]+|[^\s\p{L}\p{N}\p{M}_]/gu;
/**
 * How far a diff may search (changed lines, or words within a region; and milliseconds) before
 * it gives up. Past it the merge is still safe — `theirs` wins and `ours` is reported set
 * aside — only coarser, and a save never holds the server for long.
 */
const DIFF_LIMITS = { maxEditLength: 1_000, timeout: 100 };

const split = (text: string, pattern: RegExp): string[] => text.match(pattern) ?? [];

/** One side's change to the base: base pieces [start, end) become `replacement`. */
interface Hunk {
  side: 'ours' | 'theirs';
  start: number;
  end: number;
  replacement: string[];
}

/** The changes that turn `base` into `changed`; undefined when they are too many to find. */
function hunksOf(side: Hunk['side'], base: string[], changed: string[]): Hunk[] | undefined {
  const changes = diffArrays(base, changed, DIFF_LIMITS);
  if (!changes) return undefined;
  const hunks: Hunk[] = [];
  let position = 0;
  let open: Hunk | undefined;
  for (const change of changes) {
    if (!change.added && !change.removed) {
      open = undefined;
      position += change.count;
      continue;
    }
    if (!open) {
      open = { side, start: position, end: position, replacement: [] };
      hunks.push(open);
    }
    if (change.removed) {
      open.end += change.count;
      position += change.count;
    } else {
      open.replacement.push(...change.value);
    }
  }
  return hunks;
}

/** Changes that overlap, or meet where one of them inserts, cannot be ordered: they clash. */
function clashes(group: { start: number; end: number }, next: Hunk): boolean {
  if (next.start < group.end) return true;
  return next.start === group.end && (next.start === next.end || group.start === group.end);
}

/** The base range [start, end) with one side's hunks applied. */
function sideText(base: string[], start: number, end: number, hunks: Hunk[]): string {
  let text = '';
  let position = start;
  for (const hunk of hunks) {
    text += base.slice(position, hunk.start).join('') + hunk.replacement.join('');
    position = hunk.end;
  }
  return text + base.slice(position, end).join('');
}

type Resolve = (ours: string, base: string, theirs: string) => MergedText;

/** Merges piece lists three ways; where both sides changed the same place, `resolve` decides. */
function mergePieces(
  ours: string[],
  base: string[],
  theirs: string[],
  resolve: Resolve,
): MergedText | undefined {
  const oursHunks = hunksOf('ours', base, ours);
  const theirsHunks = hunksOf('theirs', base, theirs);
  if (!oursHunks || !theirsHunks) return undefined;
  const hunks = [...oursHunks, ...theirsHunks].sort((a, b) => a.start - b.start || a.end - b.end);
  let text = '';
  let conflict = false;
  let position = 0;
  for (let i = 0; i < hunks.length; ) {
    const group = { start: (hunks[i] as Hunk).start, end: (hunks[i] as Hunk).end };
    let j = i + 1;
    for (; j < hunks.length && clashes(group, hunks[j] as Hunk); j += 1) {
      group.end = Math.max(group.end, (hunks[j] as Hunk).end);
    }
    const members = hunks.slice(i, j);
    const of = (side: Hunk['side']) => members.filter((hunk) => hunk.side === side);
    const oursText = sideText(base, group.start, group.end, of('ours'));
    const theirsText = sideText(base, group.start, group.end, of('theirs'));
    const baseText = base.slice(group.start, group.end).join('');
    text += base.slice(position, group.start).join('');
    if (oursText === theirsText || theirsText === baseText) text += oursText;
    else if (oursText === baseText) text += theirsText;
    else {
      const resolved = resolve(oursText, baseText, theirsText);
      text += resolved.text;
      conflict ||= resolved.conflict;
    }
    position = group.end;
    i = j;
  }
  return { text: text + base.slice(position).join(''), conflict };
}

/** `theirs` wins a region both sides changed, and the rest of `ours` there is set aside. */
const theirsWins: Resolve = (_ours, _base, theirs) => ({ text: theirs, conflict: true });

/** Within lines both sides changed: merge word by word, and let `theirs` win where they meet. */
const mergeWords: Resolve = (ours, base, theirs) =>
  mergePieces(split(ours, TOKEN), split(base, TOKEN), split(theirs, TOKEN), theirsWins) ??
  theirsWins(ours, base, theirs);

/**
 * Merges two texts edited independently from `base`. Edits in different places all survive, by
 * line and then by word; where both changed the same words (or inserted at the same place),
 * `theirs` wins there and `conflict` says that part of `ours` was set aside.
 */
export function mergeTexts(base: string, ours: string, theirs: string): MergedText {
  if (ours === theirs || ours === base) return { text: theirs, conflict: false };
  if (theirs === base) return { text: ours, conflict: false };
  return (
    mergePieces(split(ours, LINE), split(base, LINE), split(theirs, LINE), mergeWords) ??
    theirsWins(ours, base, theirs)
  );
}

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
