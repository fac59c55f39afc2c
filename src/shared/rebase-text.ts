import { type TextEdit, textEdits } from './text-edits.js';

/** Each edit's insertion by the offset it goes in front of, and the offsets it removes. */
function spread(edits: TextEdit[], removed: Uint8Array): Map<number, string> {
  const inserts = new Map<number, string>();
  for (const edit of edits) {
    if (edit.insert !== '') inserts.set(edit.at, (inserts.get(edit.at) ?? '') + edit.insert);
    removed.fill(1, edit.at, edit.at + edit.remove);
  }
  return inserts;
}

/**
 * Carries text typed here (`draft`, grown from `base`) onto a newer stored text (`stored`, also
 * grown from `base`), keeping every word of both: what either side removed goes, what either
 * inserted stays, each insertion whole, the typing first where both inserted at one place (it
 * is where the cursor is). The same rule as the server's merge of a save from an older text.
 */
export function rebaseText(base: string, stored: string, draft: string): string {
  if (draft === base || draft === stored) return stored;
  if (stored === base) return draft;
  const removed = new Uint8Array(base.length);
  const ours = spread(textEdits(base, draft), removed);
  const theirs = spread(textEdits(base, stored), removed);
  const parts: string[] = [];
  let kept = 0;
  const flush = (to: number) => {
    for (let i = kept; i < to; i++) if (removed[i] === 0) parts.push(base[i] as string);
    kept = to;
  };
  const offsets = [...new Set([...ours.keys(), ...theirs.keys()])].sort((a, b) => a - b);
  for (const at of offsets) {
    flush(at);
    parts.push(ours.get(at) ?? '', theirs.get(at) ?? '');
  }
  flush(base.length);
  return parts.join('');
}
