import { textEdits } from '../../shared/text-edits.js';

/** How much changes between two texts: the units a diff removes and inserts. */
function changeSize(from: string, to: string): number {
  let size = 0;
  for (const edit of textEdits(from, to)) size += edit.remove + edit.insert.length;
  return size;
}

/** Whether `incoming` keeps every character that `stored` added to `base`. */
function keepsAdded(base: string, stored: string, incoming: string): boolean {
  // The stretches of `stored` that its edits from `base` inserted, in order.
  const added: [number, number][] = [];
  let shift = 0;
  for (const edit of textEdits(base, stored)) {
    const start = edit.at + shift;
    if (edit.insert !== '') added.push([start, start + edit.insert.length]);
    shift += edit.insert.length - edit.remove;
  }
  let next = 0;
  for (const edit of textEdits(stored, incoming)) {
    while (next < added.length && (added[next] as [number, number])[1] <= edit.at) next++;
    const stretch = added[next];
    if (edit.remove > 0 && stretch && stretch[0] < edit.at + edit.remove) return false;
  }
  return true;
}

/**
 * Whether a text sent from `base` was made from `stored` instead, by the writer that stored
 * it. A plain client whose answer was lost sends its newer text from the old base again: that
 * text keeps what it stored and is nearer to it than to the base. Another tab of the same
 * session, typing from the base, is nearer to the base or drops what the first stored. Both
 * are told apart by diffs, as such clients send texts alone; when unsure, the answer is no,
 * and the merge from the base keeps both sides' words.
 */
export function madeFromStored(base: string, stored: string, incoming: string): boolean {
  return (
    keepsAdded(base, stored, incoming) && changeSize(stored, incoming) < changeSize(base, incoming)
  );
}
