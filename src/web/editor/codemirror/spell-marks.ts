import { type EditorState, type Range, StateEffect, StateField } from '@codemirror/state';
import { Decoration, type DecorationSet, EditorView } from '@codemirror/view';
import type { TextRange } from '../spellcheck/word-extraction.js';

/** Replaces the misspelling marks within `from..to` by `marks`. */
export const setSpellMarks = StateEffect.define<TextRange & { marks: Range<Decoration>[] }>();
/** Drops every mark of these words (in any case, composed or not): they are right now. */
export const forgetSpellWords = StateEffect.define<readonly string[]>();

const folded = (word: string) => word.normalize('NFC').toLocaleLowerCase();

const markOfWord = new Map<string, Decoration>();

/** The (shared) mark for a misspelled word; the word rides along in the decoration's spec. */
export function misspellingMark(word: string): Decoration {
  let mark = markOfWord.get(word);
  if (!mark) {
    mark = Decoration.mark({
      class: 'cm-misspelling',
      attributes: { 'aria-invalid': 'spelling' },
      word,
    });
    markOfWord.set(word, mark);
  }
  return mark;
}

const WORD_CHAR = /[\p{L}\p{M}\p{N}'’]/u;

/** Marks of the words an edit touched go at once; the next check puts back what still holds. */
function dropEdited(marks: DecorationSet, state: EditorState, edits: TextRange[]): DecorationSet {
  for (const { from, to } of edits) {
    const inserted = state.doc.sliceString(from, to);
    // Typing a space or full stop right after a misspelled word leaves that word as it was.
    const wordSafe = inserted.length > 0 && ![...inserted].some((c) => WORD_CHAR.test(c));
    marks = marks.update({
      filterFrom: from,
      filterTo: to,
      filter: (markFrom, markTo) =>
        wordSafe ? markTo <= from || markFrom >= to : markTo < from || markFrom > to,
    });
  }
  return marks;
}

export const spellMarks = StateField.define<DecorationSet>({
  create: () => Decoration.none,
  update(marks, tr) {
    if (tr.docChanged) {
      const edits: TextRange[] = [];
      tr.changes.iterChangedRanges((_fromA, _toA, from, to) => edits.push({ from, to }));
      marks = dropEdited(marks.map(tr.changes), tr.state, edits);
    }
    for (const effect of tr.effects) {
      if (effect.is(setSpellMarks)) {
        const { from, to } = effect.value;
        marks = marks.update({
          filterFrom: from,
          filterTo: to,
          filter: (markFrom, markTo) => markTo <= from || markFrom >= to,
          add: effect.value.marks,
          sort: true,
        });
      } else if (effect.is(forgetSpellWords)) {
        const words = new Set(effect.value.map(folded));
        marks = marks.update({ filter: (_from, _to, mark) => !words.has(folded(mark.spec.word)) });
      }
    }
    return marks;
  },
  provide: (field) => EditorView.decorations.from(field),
});

/** The misspelled word at `pos`, if any (a position at either end of the word counts). */
export function misspellingAt(state: EditorState, pos: number): WordAt | null {
  let found: WordAt | null = null;
  state.field(spellMarks, false)?.between(pos, pos, (from, to, mark) => {
    found = { from, to, word: mark.spec.word as string };
    return false;
  });
  return found;
}

export interface WordAt extends TextRange {
  word: string;
}
