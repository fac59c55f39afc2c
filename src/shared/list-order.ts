/**
 * What places a note in the list (docs/interface.md#how-the-list-is-ordered): its modified time,
 * then, among notes modified in the same second, which changed later, then its id.
 */
export interface ListOrderKey {
  timeLastModified: number;
  /**
   * Larger is the later change: the server's change number. A device has none; it passes
   * minus the place the server listed the note at, as the server listed later changes first.
   */
  changeSeq: number;
  id: string;
}

/**
 * The list's order: most recently modified first, then the later change, then the larger id,
 * so notes modified in the same second keep one order. The server's SQL sorts the same way
 * (src/server/notes/list-order-sql.ts).
 */
export function compareListOrder(a: ListOrderKey, b: ListOrderKey): number {
  return (
    b.timeLastModified - a.timeLastModified || b.changeSeq - a.changeSeq || byCodePoint(b.id, a.id)
  );
}

/**
 * Strings by code point, as both databases compare ids (UTF-8 bytes): JavaScript's `<` compares
 * UTF-16 units, which puts a character past U+FFFF before U+E000 to U+FFFF.
 */
function byCodePoint(a: string, b: string): number {
  const length = Math.min(a.length, b.length);
  for (let at = 0; at < length; at++) {
    const unitA = a.charCodeAt(at);
    const unitB = b.charCodeAt(at);
    if (unitA !== unitB) return codePointRank(unitA) - codePointRank(unitB);
  }
  return a.length - b.length;
}

/** A UTF-16 unit's rank in code point order: surrogates (past U+FFFF) after every other unit. */
const codePointRank = (unit: number) =>
  unit >= 0xe000 ? unit - 0x800 : unit >= 0xd800 ? unit + 0x2000 : unit;
