import { type EditorState, RangeSetBuilder, StateEffect, StateField } from '@codemirror/state';
import {
  Decoration,
  type DecorationSet,
  EditorView,
  ViewPlugin,
  type ViewUpdate,
} from '@codemirror/view';
import {
  type HighlightTerm,
  highlightTerms,
  type TermMatch,
  termMatchesInLine,
} from './search-terms.js';

const setSearch = StateEffect.define<string>();

/** The terms of the list's search while it is on; none otherwise. */
const searchTerms = StateField.define<readonly HighlightTerm[]>({
  create: () => [],
  update(terms, transaction) {
    for (const effect of transaction.effects) {
      if (effect.is(setSearch)) return highlightTerms(effect.value);
    }
    return terms;
  },
});

const matchMark = Decoration.mark({ class: 'cm-searchMatch cm-search-result' });

function marks(view: EditorView): DecorationSet {
  const terms = view.state.field(searchTerms);
  const builder = new RangeSetBuilder<Decoration>();
  if (terms.length === 0) return builder.finish();
  let lastLine = 0;
  for (const { from, to } of view.visibleRanges) {
    for (let pos = from; pos <= to; ) {
      const line = view.state.doc.lineAt(pos);
      pos = line.to + 1;
      if (line.number <= lastLine) continue;
      lastLine = line.number;
      for (const match of termMatchesInLine(line.text, terms)) {
        builder.add(line.from + match.from, line.from + match.to, matchMark);
      }
    }
  }
  return builder.finish();
}

const searchMarker = ViewPlugin.fromClass(
  class {
    decorations: DecorationSet;
    constructor(view: EditorView) {
      this.decorations = marks(view);
    }
    update(update: ViewUpdate) {
      const termsChanged = update.state.field(searchTerms) !== update.startState.field(searchTerms);
      if (update.docChanged || update.viewportChanged || termsChanged) {
        this.decorations = marks(update.view);
      }
    }
  },
  { decorations: (plugin) => plugin.decorations },
);

/** The first place the terms occur in the note. */
function firstMatch(state: EditorState, terms: readonly HighlightTerm[]): TermMatch | null {
  if (terms.length === 0) return null;
  for (let n = 1; n <= state.doc.lines; n += 1) {
    const line = state.doc.line(n);
    const [match] = termMatchesInLine(line.text, terms);
    if (match) return { from: line.from + match.from, to: line.from + match.to };
  }
  return null;
}

/** Highlights in the note what the list's search looks for (nothing for a blank search). */
export const searchResultHighlight = [searchTerms, searchMarker];

/**
 * Shows the search's matches; with `reveal` (a note just opened from the results), the cursor
 * goes to the first one and it is scrolled into the middle of the view.
 */
export function highlightSearch(view: EditorView, query: string, reveal: boolean): void {
  const terms = highlightTerms(query);
  const first = reveal ? firstMatch(view.state, terms) : null;
  view.dispatch({
    effects: [
      setSearch.of(query),
      ...(first ? [EditorView.scrollIntoView(first.from, { y: 'center' })] : []),
    ],
    ...(first ? { selection: { anchor: first.from } } : {}),
  });
}
