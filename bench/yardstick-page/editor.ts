// The browser yardstick: the same typing work done as plainly as the stack allows. CodeMirror 6
// with markdown, and every change saved as the whole note by PUT /api/notes, one save in flight
// and the latest text next; no framework, no state beyond the editor's, no drafts, no cache.
import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { markdown } from '@codemirror/lang-markdown';
import { EditorState } from '@codemirror/state';
import { EditorView, keymap } from '@codemirror/view';

declare global {
  interface Window {
    yardstick: { token: string; id: string; body: string };
  }
}

const { token, id, body } = window.yardstick;
let saving = false;
let again = false;

async function save(view: EditorView): Promise<void> {
  if (saving) {
    again = true;
    return;
  }
  saving = true;
  do {
    again = false;
    await fetch('/api/notes', {
      method: 'PUT',
      headers: { token, 'content-type': 'application/json' },
      body: JSON.stringify({ id, body: view.state.doc.toString() }),
    });
  } while (again);
  saving = false;
  document.body.dataset.saved = 'yes';
}

new EditorView({
  parent: document.body,
  state: EditorState.create({
    doc: body,
    extensions: [
      markdown(),
      history(),
      keymap.of([...defaultKeymap, ...historyKeymap]),
      EditorView.lineWrapping,
      EditorView.contentAttributes.of({ 'aria-label': 'Note text' }),
      EditorView.updateListener.of((update) => {
        if (!update.docChanged) return;
        document.body.dataset.saved = 'no';
        void save(update.view);
      }),
    ],
  }),
});
