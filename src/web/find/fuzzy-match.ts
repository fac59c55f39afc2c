/** Where a fuzzy query matched in a text, and how well (higher is better). */
export interface FuzzyMatch {
  score: number;
  /** Indices in the text of the matched characters, ascending. */
  indices: number[];
}

// ASCII has nothing to fold but case; only other characters pay for Unicode normalization.
const fold = (char: string) =>
  char.charCodeAt(0) < 0x80
    ? char.toLowerCase()
    : char.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
const isWordStart = (text: string, index: number) =>
  index === 0 || /[\s\p{P}]/u.test(text[index - 1] ?? '');

/**
 * Matches the query's characters in order anywhere in the text, as quick switchers do (`gl`
 * finds "Grocery list"). Runs of consecutive characters and matches at word starts score more;
 * an earlier first match and a shorter text break ties. Undefined when it does not match.
 */
export function fuzzyMatch(query: string, text: string): FuzzyMatch | undefined {
  const wanted = [...query.replace(/\s+/g, '')].map(fold);
  if (wanted.length === 0) return { score: 0, indices: [] };
  const indices: number[] = [];
  let score = 0;
  let at = 0;
  for (const char of wanted) {
    // Prefer the next word start holding this character; else its next occurrence.
    let found = -1;
    for (let i = at; i < text.length; i += 1) {
      if (fold(text[i] ?? '') !== char) continue;
      if (found === -1) found = i;
      if (isWordStart(text, i) && indices.at(-1) !== i - 1) {
        found = i;
        break;
      }
      if (indices.at(-1) === i - 1) break;
    }
    if (found === -1) return undefined;
    const previous = indices.at(-1);
    score += 1 + (previous === found - 1 ? 5 : 0) + (isWordStart(text, found) ? 4 : 0);
    indices.push(found);
    at = found + 1;
  }
  score -= (indices[0] ?? 0) * 0.05 + text.length * 0.01;
  return { score, indices };
}
