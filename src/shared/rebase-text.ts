import { EditsBuilder } from './exact-edits.js';
import { type TextEdit, textEdits } from './text-edits.js';

/** Whether an offset lies inside one of the edits' removals; `from` walks forward with it. */
function removedAt(edits: readonly TextEdit[], from: { index: number }, offset: number): boolean {
  while (from.index < edits.length) {
    const edit = edits[from.index] as TextEdit;
    if (offset < edit.at + edit.remove) return offset >= edit.at;
    from.index += 1;
  }
  return false;
}

/**
 * Carries text typed here (`draft`, grown from `base`) onto a newer stored text (`stored`, also
 * grown from `base`), keeping every word of both: what either side removed goes, what either
 * inserted stays, each insertion whole, the typing first where both inserted at one place (it
 * is where the cursor is). The same rule as the server's merge of a save from an older text.
 * `ours`, the edits as typed that made `draft` from `base`, place the typing where it was
 * made; without them a diff finds it. Answers the text and the edits that make it from `stored`.
 */
export function rebaseText(
  base: string,
  stored: string,
  draft: string,
  ours?: readonly TextEdit[],
): { text: string; edits: TextEdit[] } {
  if (draft === base || draft === stored) return { text: stored, edits: [] };
  const typed = ours ?? textEdits(base, draft);
  if (stored === base) return { text: draft, edits: [...typed] };
  const theirs = textEdits(base, stored);
  const points = new Set<number>([0, base.length]);
  for (const edit of [...typed, ...theirs]) points.add(edit.at).add(edit.at + edit.remove);
  const sorted = [...points].sort((a, b) => a - b);
  const oursInserted = new Map(typed.map((edit) => [edit.at, edit.insert]));
  const theirsInserted = new Map(theirs.map((edit) => [edit.at, edit.insert]));
  const oursAt = { index: 0 };
  const theirsAt = { index: 0 };
  const out = new EditsBuilder();
  const parts: string[] = [];
  sorted.forEach((at, i) => {
    const mine = oursInserted.get(at) ?? '';
    const other = theirsInserted.get(at) ?? '';
    out.insert(mine);
    out.keep(other.length);
    parts.push(mine, other);
    const end = sorted[i + 1];
    if (end === undefined) return;
    const goneThere = removedAt(theirs, theirsAt, at);
    const goneHere = removedAt(typed, oursAt, at);
    if (goneThere) return;
    if (goneHere) out.remove(end - at);
    else {
      out.keep(end - at);
      parts.push(base.slice(at, end));
    }
  });
  return { text: parts.join(''), edits: out.edits };
}
