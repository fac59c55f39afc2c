/** One thing the list's search looks for, as the note's text is scanned for it. */
export type HighlightTerm =
  | { kind: 'word'; folded: string }
  | { kind: 'tag'; folded: string }
  /** Text in a script written without spaces, found as it is written. */
  | { kind: 'substring'; text: string };

export interface TermMatch {
  from: number;
  to: number;
}

const WORD = /[\p{L}\p{N}\p{M}]+/gu;
// Kana and CJK ideographs, which the search finds as written rather than word by word.
const SPACELESS = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]/u;
const CHUNK = /(-?)(?:"([^"]*)"?|(\S+))/gu;

/** Case and accents folded, as the search folds them. */
const fold = (text: string) => text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/**
 * The terms of a search as typed in the search field, read as the server reads them: words
 * (each found as the start of a word), `"phrases"` (their words), `tag:name`; `-excluded`
 * terms are not in a matching note, so they are left out.
 */
export function highlightTerms(query: string): HighlightTerm[] {
  const terms: HighlightTerm[] = [];
  for (const [, minus, phrase, plain] of query.normalize('NFC').matchAll(CHUNK)) {
    if (minus) continue;
    const text = phrase ?? plain ?? '';
    const tag = phrase === undefined ? /^tag:#?(.*)$/iu.exec(text) : null;
    if (tag) {
      const [name] = tag[1]?.match(WORD) ?? [];
      if (name) terms.push({ kind: 'tag', folded: fold(name) });
    } else if (SPACELESS.test(text)) {
      const trimmed = text.trim().replace(/\s+/g, ' ');
      if (trimmed) terms.push({ kind: 'substring', text: trimmed });
    } else {
      for (const word of text.match(WORD) ?? []) terms.push({ kind: 'word', folded: fold(word) });
    }
  }
  return terms;
}

/** Where the terms occur in one line of text, in order and without overlaps. */
export function termMatchesInLine(line: string, terms: readonly HighlightTerm[]): TermMatch[] {
  if (terms.length === 0) return [];
  const found: TermMatch[] = [];
  for (const term of terms) {
    if (term.kind !== 'substring') continue;
    for (let at = line.indexOf(term.text); at >= 0; at = line.indexOf(term.text, at + 1)) {
      found.push({ from: at, to: at + term.text.length });
    }
  }
  const words = terms.filter((term) => term.kind !== 'substring');
  if (words.length > 0) {
    for (const match of line.matchAll(WORD)) {
      const folded = fold(match[0]);
      const tagged = line[match.index - 1] === '#';
      for (const term of words) {
        if ((term.kind === 'tag' && !tagged) || !folded.startsWith(term.folded)) continue;
        const from = term.kind === 'tag' ? match.index - 1 : match.index;
        found.push({ from, to: match.index + match[0].length });
        break;
      }
    }
  }
  found.sort((a, b) => a.from - b.from || b.to - a.to);
  const merged: TermMatch[] = [];
  for (const match of found) {
    const last = merged[merged.length - 1];
    if (last && match.from < last.to) last.to = Math.max(last.to, match.to);
    else merged.push({ ...match });
  }
  return merged;
}
