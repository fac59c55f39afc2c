/** Edit distance counting a swap of two neighbouring letters as one edit (optimal alignment). */
export function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[] = Array.from({ length: rows * cols }, (_, i) =>
    i < cols ? i : i % cols === 0 ? i / cols : 0,
  );
  const at = (i: number, j: number) => d[i * cols + j]!;
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        best = Math.min(best, at(i - 2, j - 2) + 1);
      }
      d[i * cols + j] = best;
    }
  }
  return at(rows - 1, cols - 1);
}

function sameLetters(a: string, b: string): boolean {
  return a.length === b.length && [...a].sort().join('') === [...b].sort().join('');
}

/**
 * Orders nspell's suggestions the way a typist needs them: fewest edits first, then the ones
 * using the very same letters (a slip of the fingers: "teh" → "the"), then the closest length;
 * nspell's own order breaks the remaining ties.
 */
export function rankSuggestions(word: string, suggestions: readonly string[]): string[] {
  const typed = word.toLowerCase();
  const ranked = suggestions.map((suggestion, index) => {
    const candidate = suggestion.toLowerCase();
    return {
      suggestion,
      key: [
        editDistance(typed, candidate),
        sameLetters(typed, candidate) ? 0 : 1,
        Math.abs(candidate.length - typed.length),
        index,
      ],
    };
  });
  ranked.sort((x, y) => {
    for (let i = 0; i < x.key.length; i++) {
      const difference = x.key[i]! - y.key[i]!;
      if (difference !== 0) return difference;
    }
    return 0;
  });
  return ranked.map((entry) => entry.suggestion);
}
