/** A three-way text merge where `theirs` wins where both sides changed the same words. */
export type MergeTexts = (
  base: string,
  ours: string,
  theirs: string,
) => { text: string; conflict: boolean };

/**
 * Unsaved text carried onto a newer stored text: `draft` and `stored` both grew from `base`.
 * The typing wins where both changed the same words, so nothing moves under the user's cursor
 * unasked; in that case null is returned instead, the draft stays on its old base and the
 * server's merge keeps the stored words it replaces as a history version.
 */
export function rebaseDraft(
  base: string,
  stored: string,
  draft: string,
  merge: MergeTexts,
): string | null {
  if (draft === base || draft === stored) return stored;
  if (stored === base) return draft;
  const merged = merge(base, stored, draft);
  return merged.conflict ? null : merged.text;
}
