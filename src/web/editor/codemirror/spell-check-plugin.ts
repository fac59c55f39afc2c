import type { Range } from '@codemirror/state';
import { type Decoration, type EditorView, ViewPlugin, type ViewUpdate } from '@codemirror/view';
import type { SpellChecker } from '../spellcheck/spell-checker.js';
import { checkableWords, type TextRange } from '../spellcheck/word-extraction.js';
import { forgetSpellWords, misspellingMark, setSpellMarks } from './spell-marks.js';

/** Text checked beyond what is on screen, so a short scroll finds its marks ready. */
const MARGIN = 2000;
/** Pause after typing or scrolling before checking; the first look at a note waits less. */
const TYPING_DELAY_MS = 200;
const FIRST_DELAY_MS = 30;

function checkWindows(view: EditorView): TextRange[] {
  const length = view.state.doc.length;
  const windows: TextRange[] = [];
  for (const visible of view.visibleRanges) {
    const from = Math.max(0, visible.from - MARGIN);
    const to = Math.min(length, visible.to + MARGIN);
    const last = windows[windows.length - 1];
    if (last && from <= last.to) last.to = Math.max(last.to, to);
    else windows.push({ from, to });
  }
  return windows;
}

/**
 * Keeps the misspelling marks of the text on screen (plus a margin) current: after a pause it
 * collects the prose words there, asks the worker about the ones not known yet, and marks the
 * misspelled ones when the answers are in. Nothing is checked outside that window.
 */
export function spellCheckPlugin(checker: SpellChecker) {
  return ViewPlugin.define((view) => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    let destroyed = false;
    // The word being typed (ending at the cursor right after an edit) is left unmarked until
    // the cursor leaves it, as a word processor does.
    let typingAt: number | null = null;
    let skippedTypedWord = false;

    const refresh = () => {
      timer = undefined;
      if (destroyed) return;
      if (view.composing) return schedule(TYPING_DELAY_MS);
      const state = view.state;
      const effects = [];
      const unknown = new Set<string>();
      skippedTypedWord = false;
      for (const window of checkWindows(view)) {
        const words = checkableWords(state, window);
        const marks: Range<Decoration>[] = [];
        for (const { from, to, word } of words) {
          const correct = checker.isCorrect(word);
          if (correct === undefined) unknown.add(word);
          else if (correct) continue;
          else if (to === typingAt) skippedTypedWord = true;
          else marks.push(misspellingMark(word).range(from, to));
        }
        // The words may reach past the window's edges; the replaced span covers them.
        const from = Math.min(window.from, words[0]?.from ?? window.from);
        const to = Math.max(window.to, words[words.length - 1]?.to ?? window.to);
        effects.push(setSpellMarks.of({ from, to, marks }));
      }
      view.dispatch({ effects });
      checker.check(unknown);
    };

    const schedule = (delay: number) => {
      if (timer !== undefined) clearTimeout(timer);
      timer = setTimeout(refresh, delay);
    };

    const unsubscribe = checker.subscribe(({ added }) => {
      if (destroyed) return;
      if (added) view.dispatch({ effects: forgetSpellWords.of(added) });
      schedule(0);
    });
    schedule(FIRST_DELAY_MS);

    return {
      update(update: ViewUpdate) {
        const head = update.state.selection.main.head;
        if (update.docChanged) {
          const typed = update.transactions.some((tr) => tr.isUserEvent('input.type'));
          typingAt = typed && update.state.selection.main.empty ? head : null;
        } else if (update.selectionSet && head !== typingAt) {
          typingAt = null;
          if (skippedTypedWord) schedule(0);
        }
        if (update.docChanged || update.viewportChanged) schedule(TYPING_DELAY_MS);
      },
      destroy() {
        destroyed = true;
        if (timer !== undefined) clearTimeout(timer);
        unsubscribe();
      },
    };
  });
}
