import { ensureSyntaxTree, syntaxTree } from '@codemirror/language';
import type { EditorState } from '@codemirror/state';
import { PROPERTIES_HEAD_CHARS, propertiesBlock } from '../../../shared/note-properties.js';

/** A word of the document, by position. */
export interface WordSpan {
  from: number;
  to: number;
  word: string;
}

export interface TextRange {
  from: number;
  to: number;
}

type SyntaxTree = ReturnType<typeof syntaxTree>;

/** Markdown nodes whose text is code, an address or markup rather than prose. */
const SKIPPED_NODES = new Set([
  'FencedCode',
  'CodeBlock',
  'InlineCode',
  'CodeText',
  'CodeInfo',
  'URL',
  'Autolink',
  'LinkLabel',
  'HTMLTag',
  'HTMLBlock',
  'Comment',
  'CommentBlock',
  'ProcessingInstruction',
  'ProcessingInstructionBlock',
  'Entity',
  'Escape',
  'TaskMarker',
]);

// Letters and digits with inner apostrophes ("don't", "don’t"); digits are taken in so that
// "h2o" or "3rd" come out whole and can be left alone.
const TOKEN = /[\p{L}\p{M}\p{N}]+(?:['’][\p{L}\p{M}\p{N}]+)*/gu;
const HAS_DIGIT = /\p{N}/u;
const CAMEL_CASE = /\p{Ll}\p{Lu}/u;
const ALL_CAPS = /^[\p{Lu}\p{M}'’]+$/u;
const LETTER_OR_DIGIT = /[\p{L}\p{M}\p{N}]/u;
// A token touching one of these is part of a path, address, mention, tag or call.
const GLUE_BEFORE = new Set(['/', '\\', '@', '#', '$', '%', '&']);
const GLUE_AFTER = new Set(['/', '\\', '@', '(']);
// These glue only when a letter or digit sits on their far side: "file.txt", "snake_case",
// "key=value" — unlike a full stop before a space or "_emphasis_".
const JOINERS = new Set(['.', '_', ':', '=']);

function glued(text: string, from: number, to: number): boolean {
  const before = text[from - 1] ?? '';
  const after = text[to] ?? '';
  if (GLUE_BEFORE.has(before) || GLUE_AFTER.has(after)) return true;
  if (JOINERS.has(before) && LETTER_OR_DIGIT.test(text[from - 2] ?? '')) return true;
  return JOINERS.has(after) && LETTER_OR_DIGIT.test(text[to + 1] ?? '');
}

/** Whether a token is worth asking the dictionary about at all. */
export function isCheckable(word: string): boolean {
  if (word.length < 2) return false;
  if (HAS_DIGIT.test(word)) return false;
  // Identifiers (camelCase) and acronyms (API, CSP) are deliberate, not misspellings.
  if (CAMEL_CASE.test(word) || ALL_CAPS.test(word)) return false;
  return true;
}

/** The checkable words of plain text; `offset` is the text's position in the document. */
export function findWords(text: string, offset = 0): WordSpan[] {
  const words: WordSpan[] = [];
  for (const match of text.matchAll(TOKEN)) {
    const from = match.index;
    const to = from + match[0].length;
    if (!isCheckable(match[0]) || glued(text, from, to)) continue;
    words.push({ from: from + offset, to: to + offset, word: match[0] });
  }
  return words;
}

/** Sorted, merged ranges of nodes in `from..to` that hold no prose. */
export function skippedRanges(tree: SyntaxTree, from: number, to: number): TextRange[] {
  const ranges: TextRange[] = [];
  tree.iterate({
    from,
    to,
    enter(node) {
      if (!SKIPPED_NODES.has(node.name)) return;
      const last = ranges[ranges.length - 1];
      if (last && node.from <= last.to) last.to = Math.max(last.to, node.to);
      else ranges.push({ from: node.from, to: node.to });
      return false;
    },
  });
  return ranges;
}

/** Drops the words that overlap a skipped range; both lists sorted by position. */
export function withoutSkipped(words: WordSpan[], skipped: TextRange[]): WordSpan[] {
  let index = 0;
  return words.filter((word) => {
    while (index < skipped.length && skipped[index]!.to <= word.from) index++;
    const range = skipped[index];
    return !range || range.from >= word.to;
  });
}

/** How far a range may be widened to reach a word boundary; beyond it a cut word is dropped. */
const MAX_WORD_REACH = 64;

function widenToWordBoundaries(state: EditorState, range: TextRange): TextRange {
  const doc = state.doc;
  let { from, to } = range;
  const head = doc.sliceString(Math.max(0, from - MAX_WORD_REACH), from);
  const headWord = /[\p{L}\p{M}\p{N}'’]*$/u.exec(head);
  from -= headWord ? headWord[0].length : 0;
  const tail = doc.sliceString(to, Math.min(doc.length, to + MAX_WORD_REACH));
  const tailWord = /^[\p{L}\p{M}\p{N}'’]*/u.exec(tail);
  to += tailWord ? tailWord[0].length : 0;
  return { from, to };
}

/**
 * The words of `range` to spell-check: prose only, per the markdown syntax tree. Positions past
 * what the parser has reached so far are left for a later pass rather than guessed at.
 */
export function checkableWords(state: EditorState, range: TextRange): WordSpan[] {
  const wide = widenToWordBoundaries(state, range);
  const tree = ensureSyntaxTree(state, wide.to, 25) ?? syntaxTree(state);
  const to = Math.min(wide.to, tree.length);
  if (to <= wide.from) return [];
  // One character of context on each side so glue (paths, addresses) is seen at the edges.
  const start = Math.max(0, wide.from - 1);
  const text = state.doc.sliceString(start, Math.min(state.doc.length, to + 1));
  const words = findWords(text, start).filter((word) => word.from >= wide.from && word.to <= to);
  const skipped = [...propertiesRange(state, wide.from), ...skippedRanges(tree, wide.from, to)];
  return withoutSkipped(
    words,
    skipped.sort((a, b) => a.from - b.from),
  );
}

/** The note's properties block (names, tags, aliases: not prose), if it reaches `from`. */
function propertiesRange(state: EditorState, from: number): TextRange[] {
  if (from > PROPERTIES_HEAD_CHARS) return [];
  const block = propertiesBlock(state.doc.sliceString(0, PROPERTIES_HEAD_CHARS));
  return block && block.to > from ? [{ from: block.from, to: block.to }] : [];
}
