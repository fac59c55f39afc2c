import type { TextEdit } from './text-edits.js';

/**
 * Edits as they were made, key by key, rather than as a diff guesses them afterwards: a device
 * keeps the edits that turn the version it started from into its text, and sends them with its
 * save, so a merge places every insertion and removal where it was made, however many there are.
 */

/** A change as an editor made it: the text it changed, and the edits that made the new one. */
export interface EditStep {
  before: string;
  edits: TextEdit[];
}

/** The most edits a save carries; past it the server diffs the two texts instead. */
export const MAX_SENT_EDITS = 10_000;

/** An edit script, one run at a time: keep, remove or insert. */
type Step = { keep: number } | { remove: number } | { insert: string };

function* stepsOf(edits: readonly TextEdit[]): Generator<Step> {
  let at = 0;
  for (const edit of edits) {
    if (edit.at > at) yield { keep: edit.at - at };
    if (edit.remove > 0) yield { remove: edit.remove };
    if (edit.insert !== '') yield { insert: edit.insert };
    at = edit.at + edit.remove;
  }
}

/** Collects keeps, removals and insertions over a text into edits, joining neighbours. */
export class EditsBuilder {
  private readonly made: TextEdit[] = [];
  private at = 0;

  get edits(): TextEdit[] {
    return this.made;
  }

  keep(length: number): void {
    this.at += length;
  }

  remove(length: number): void {
    if (length === 0) return;
    this.current().remove += length;
    this.at += length;
  }

  insert(text: string): void {
    if (text !== '') this.current().insert += text;
  }

  /** The edit ending where the builder stands, or a new one there. */
  private current(): TextEdit {
    const last = this.made.at(-1);
    if (last && last.at + last.remove === this.at) return last;
    const edit = { at: this.at, remove: 0, insert: '' };
    this.made.push(edit);
    return edit;
  }
}

/**
 * The edits of `first` (text A to B) followed by `second` (B to C), as edits of A to C. Text
 * inserted by `first` and removed by `second` never appears. Linear in the two lists' lengths.
 */
export function composeEdits(first: readonly TextEdit[], second: readonly TextEdit[]): TextEdit[] {
  if (first.length === 0) return [...second];
  if (second.length === 0) return [...first];
  const out = new EditsBuilder();
  const a = stepsOf(first);
  const b = stepsOf(second);
  // A step partly used keeps its rest; past the end of a script everything is kept.
  let left: Step | undefined = a.next().value ?? undefined;
  let right: Step | undefined = b.next().value ?? undefined;
  const endless = { keep: Number.POSITIVE_INFINITY };
  while (left || right) {
    const l = left ?? endless;
    const r = right ?? endless;
    if ('insert' in r) {
      out.insert(r.insert);
      right = b.next().value ?? undefined;
      continue;
    }
    if ('remove' in l) {
      out.remove(l.remove);
      left = a.next().value ?? undefined;
      continue;
    }
    // `l` makes text of B (kept from A or inserted), which `r` keeps or removes.
    const lengthOf = (step: { keep: number } | { insert: string }) =>
      'keep' in step ? step.keep : step.insert.length;
    const length = Math.min(lengthOf(l), 'keep' in r ? r.keep : r.remove);
    if ('keep' in l) {
      if ('keep' in r) out.keep(length);
      else out.remove(length);
    } else if ('keep' in r) out.insert(l.insert.slice(0, length));
    if (!Number.isFinite(length)) break;
    left = rest(l, length) ?? (left ? (a.next().value ?? undefined) : undefined);
    right = rest(r, length) ?? (right ? (b.next().value ?? undefined) : undefined);
  }
  return out.edits;
}

/** What is left of a keep, remove or insert step after `length` of it. */
function rest(step: Step, length: number): Step | undefined {
  if ('keep' in step) return step.keep > length ? { keep: step.keep - length } : undefined;
  if ('remove' in step) return step.remove > length ? { remove: step.remove - length } : undefined;
  return step.insert.length > length ? { insert: step.insert.slice(length) } : undefined;
}

/**
 * Whether `edits` are in order, apart, within `from`, and turn it into exactly `to`: edits a
 * device sends are trusted only then (otherwise the two texts are diffed).
 */
export function editsTurnInto(from: string, edits: readonly TextEdit[], to: string): boolean {
  let done = 0;
  let length = from.length;
  for (const edit of edits) {
    if (edit.at < done || edit.at + edit.remove > from.length) return false;
    length += edit.insert.length - edit.remove;
    done = edit.at + edit.remove;
  }
  if (length !== to.length) return false;
  let at = 0;
  let offset = 0;
  for (const edit of edits) {
    if (!sameRun(from, at, to, at + offset, edit.at - at)) return false;
    if (to.slice(edit.at + offset, edit.at + offset + edit.insert.length) !== edit.insert)
      return false;
    offset += edit.insert.length - edit.remove;
    at = edit.at + edit.remove;
  }
  return sameRun(from, at, to, at + offset, from.length - at);
}

function sameRun(a: string, aFrom: number, b: string, bFrom: number, length: number): boolean {
  for (let i = 0; i < length; i++) {
    if (a.charCodeAt(aFrom + i) !== b.charCodeAt(bFrom + i)) return false;
  }
  return true;
}
