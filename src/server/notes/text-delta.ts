import { type ChangedRange, changedRange } from '../../shared/changed-range.js';

/**
 * How to get an older text back from the newer one that replaced it: the one range of the newer
 * text to put the older text's words back into. A keystroke's delta is a few bytes, where a
 * full copy of the note would be all of it. It never splits a surrogate pair.
 */
export type TextDelta = ChangedRange;

export function deltaBack(newer: string, older: string): TextDelta {
  return changedRange(newer, older);
}

export function applyDeltaBack(newer: string, delta: TextDelta): string {
  return newer.slice(0, delta.start) + delta.insert + newer.slice(delta.end);
}
