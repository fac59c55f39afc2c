import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { deleteMarkupBackward, markdownLanguage } from '@codemirror/lang-markdown';
import { LanguageSupport } from '@codemirror/language';
import {
  type ChangeSet,
  Compartment,
  EditorState,
  type Extension,
  Prec,
  Transaction,
} from '@codemirror/state';
import { EditorView, keymap, placeholder } from '@codemirror/view';
import type { TextEdit } from '../../../shared/text-edits.js';
import { attachmentEmbeds, attachmentEmbedTheme } from './attachment-embeds.js';
import { attachmentUploads, noteOfState } from './attachment-uploads.js';
import { editorTheme, markdownHighlighting } from './editor-theme.js';
import { findInNote } from './find-in-note.js';
import { linkCompletion } from './link-completion.js';
import { linkOpening } from './link-opening.js';
import { listKeys } from './list-keys.js';
import { toggleBold, toggleItalic } from './markdown-formatting.js';
import { type NoteActions, noteActions } from './note-actions.js';
import { searchResultHighlight } from './search-highlight.js';
import { tabFocusHint } from './tab-focus-hint.js';
import { tagLinks } from './tag-marks.js';
import { taskBoxDrawer, toggleTaskOnLine } from './task-boxes.js';
import { followLinkAtCursor, noteLinkMarks } from './wiki-link-marks.js';

// GFM markdown without nested code languages: `markdown()` would pull the HTML, CSS and
// JavaScript grammars into the editor's chunk (bench/RESULTS.md) for highlighting inside
// fences. Code stays monospace.
const markdownSupport = new LanguageSupport(markdownLanguage);

const markdownKeys = Prec.high(
  keymap.of([
    ...listKeys,
    { key: 'Backspace', run: deleteMarkupBackward },
    { key: 'Mod-b', run: toggleBold, preventDefault: true },
    { key: 'Mod-i', run: toggleItalic, preventDefault: true },
    { key: 'Mod-Enter', run: toggleTaskOnLine },
    { key: 'Alt-Enter', run: followLinkAtCursor },
  ]),
);

/** Where the spell checker plugs in; swapped when the signed-in account changes. */
export const spellcheckSlot = new Compartment();

/** A change set as edits of the text before it. */
function editsOf(changes: ChangeSet): TextEdit[] {
  const edits: TextEdit[] = [];
  changes.iterChanges((fromA, toA, _fromB, _toB, inserted) => {
    edits.push({ at: fromA, remove: toA - fromA, insert: inserted.toJSON().join('\n') });
  });
  return edits;
}

/** Marks text that came from outside (a newer version of the note), not from typing. */
export function isRemote(transaction: Transaction): boolean {
  return transaction.annotation(Transaction.remote) === true;
}

// The browser draws the caret and the selection (no `drawSelection()`): CodeMirror's drawn
// cursor restarts its blink on every key, which cost each keystroke a frame of its own.
const baseExtensions: Extension = [
  history(),
  EditorView.lineWrapping,
  markdownKeys,
  keymap.of([...defaultKeymap, ...historyKeymap]),
  markdownSupport,
  markdownHighlighting,
  editorTheme,
  attachmentUploads,
  attachmentEmbeds,
  attachmentEmbedTheme,
  findInNote,
  linkOpening,
  tagLinks,
  noteLinkMarks,
  linkCompletion,
  taskBoxDrawer,
  searchResultHighlight,
  tabFocusHint,
  placeholder('Start writing…'),
  EditorView.contentAttributes.of({
    'aria-label': 'Note text',
    spellcheck: 'false',
    autocorrect: 'off',
  }),
];

/**
 * A fresh state for one note: a note gets its own state, so its undo history never reaches
 * into another note's text.
 */
export function createNoteState(
  noteId: string,
  text: string,
  spellcheck: Extension,
  onLocalChange: (text: string, edits?: TextEdit[]) => void,
  actions: NoteActions,
): EditorState {
  return EditorState.create({
    doc: text,
    extensions: [
      baseExtensions,
      noteOfState.of(noteId),
      spellcheckSlot.of(spellcheck),
      noteActions.of(actions),
      EditorView.updateListener.of((update) => {
        const changing = update.transactions.filter((tr) => tr.docChanged);
        if (changing.some((tr) => !isRemote(tr))) {
          // Joined lines make one flat string; toString() builds a rope of every line, which
          // the first reader then flattens (a 1 MB copy through 20,000 pieces, per key).
          const text = update.state.doc.toJSON().join('\n');
          // The edits as made, unless text from elsewhere came in the same update.
          onLocalChange(text, changing.some(isRemote) ? undefined : editsOf(update.changes));
        }
      }),
    ],
  });
}
