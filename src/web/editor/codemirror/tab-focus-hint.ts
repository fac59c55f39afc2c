import { EditorView, ViewPlugin } from '@codemirror/view';

/** Ids are scoped to the shadow root, which holds one editor. */
const HINT_ID = 'note-editor-keys';
export const TAB_FOCUS_HINT = 'Tab indents. To leave the editor, press Escape, then Tab.';

// Since Tab indents, the editor tells assistive technology the way out (CodeMirror's
// tab-focus mode), as its own accessibility notes ask of an editor that binds Tab.
const hintElement = ViewPlugin.define((view) => {
  const hint = document.createElement('div');
  hint.id = HINT_ID;
  hint.className = 'cm-keys-hint';
  hint.textContent = TAB_FOCUS_HINT;
  view.dom.append(hint);
  return { destroy: () => hint.remove() };
});

export const tabFocusHint = [
  hintElement,
  EditorView.contentAttributes.of({ 'aria-describedby': HINT_ID }),
];
