import { defaultKeymap, history, historyKeymap } from '@codemirror/commands';
import { deleteMarkupBackward } from '@codemirror/lang-markdown';
import {
  type ChangeSet,
  Compartment,
  EditorState,
  type Extension,
  Facet,
  Prec,
  Transaction,
} from '@codemirror/state';
import { EditorView, keymap, placeholder } from '@codemirror/view';
import { yCollab, ySyncAnnotation } from 'y-codemirror.next';
import * as Y from 'yjs';
import type { TextEdit } from '../../../shared/text-edits.js';
import type { LocalDocument } from '../../documents/local-document.js';
import type { NotePresence } from '../../documents/note-presence.js';
import { attachmentEmbeds, attachmentEmbedTheme } from './attachment-embeds.js';
import { attachmentUploads, noteOfState } from './attachment-uploads.js';
import { editorTheme, markdownHighlighting } from './editor-theme.js';
import { findInNote } from './find-in-note.js';
import { linkCompletion } from './link-completion.js';
import { linkOpening } from './link-opening.js';
import { listKeys } from './list-keys.js';
import { toggleBold, toggleItalic } from './markdown-formatting.js';
import { type NoteActions, noteActions } from './note-actions.js';
import { presenceMarks } from './presence-marks.js';
import { quireMarkdownSupport } from './quire-language.js';
import { searchResultHighlight } from './search-highlight.js';
import { tabFocusHint } from './tab-focus-hint.js';
import { tagLinks } from './tag-marks.js';
import { taskBoxDrawer, toggleTaskOnLine } from './task-boxes.js';
import { titleLineStyle } from './title-line.js';
import { followLinkAtCursor, noteLinkMarks } from './wiki-link-marks.js';

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

/**
 * Where the note's document plugs in (docs/sync.md): bound, the editor and the document are one
 * text, and undo takes back this window's own edits only; before the document is here, the
 * editor keeps its own history and reports each change as typed.
 */
export const documentSlot = new Compartment();

/** The document an editor state is bound to, if any. */
export const boundDocument = Facet.define<LocalDocument, LocalDocument | undefined>({
  combine: (docs) => docs[0],
});

/** The presence an editor state shows and tells, if any. */
export const boundPresence = Facet.define<NotePresence, NotePresence | undefined>({
  combine: (presences) => presences[0],
});

/** Where the other windows' presence plugs in, apart from the binding and its undo history. */
export const presenceSlot = new Compartment();

/** What the presence slot holds: the carets of `presence`, when it is the bound document's. */
export function presenceShown(doc: LocalDocument | undefined, presence?: NotePresence): Extension {
  return doc && presence?.doc === doc ? [boundPresence.of(presence), presenceMarks(presence)] : [];
}

/** What the document slot holds: the binding to `doc`, or the editor's own history. */
export function documentBinding(doc: LocalDocument | undefined): Extension {
  if (!doc) return [history(), keymap.of(historyKeymap)];
  // Only this window's typing is undone: the binding's own changes (its default), not the
  // text that comes from elsewhere. The keys are the editor's own undo keys.
  const undoManager = new Y.UndoManager(doc.text);
  const undo = () => {
    undoManager.undo();
    return true;
  };
  const redo = () => {
    undoManager.redo();
    return true;
  };
  return [
    boundDocument.of(doc),
    yCollab(doc.text, null, { undoManager }),
    keymap.of([
      { key: 'Mod-z', run: undo, preventDefault: true },
      { key: 'Mod-y', mac: 'Mod-Shift-z', run: redo, preventDefault: true },
      { linux: 'Ctrl-Shift-z', run: redo, preventDefault: true },
    ]),
  ];
}

/** Whether a transaction brought the document's text from elsewhere into a bound editor. */
export const fromDocument = (transaction: Transaction) =>
  transaction.annotation(ySyncAnnotation) !== undefined;

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
  return transaction.annotation(Transaction.remote) === true || fromDocument(transaction);
}

// The browser draws the caret and the selection (no `drawSelection()`): CodeMirror's drawn
// cursor restarts its blink on every key, which cost each keystroke a frame of its own.
const baseExtensions: Extension = [
  EditorView.lineWrapping,
  markdownKeys,
  keymap.of(defaultKeymap),
  quireMarkdownSupport,
  markdownHighlighting,
  editorTheme,
  titleLineStyle,
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
 * into another note's text. Bound to the note's document when there is one (its text is the
 * document's then); otherwise each change is reported as typed.
 */
export function createNoteState(
  noteId: string,
  text: string,
  spellcheck: Extension,
  onLocalChange: (text: string, edits?: TextEdit[]) => void,
  actions: NoteActions,
  doc?: LocalDocument,
  presence?: NotePresence,
): EditorState {
  return EditorState.create({
    doc: doc ? doc.body : text,
    extensions: [
      baseExtensions,
      noteOfState.of(noteId),
      spellcheckSlot.of(spellcheck),
      noteActions.of(actions),
      documentSlot.of(documentBinding(doc)),
      presenceSlot.of(presenceShown(doc, presence)),
      EditorView.updateListener.of((update) => {
        // Bound, typing is in the document already; the text reaches the state from there.
        if (update.state.facet(boundDocument)) return;
        const changing = update.transactions.filter((tr) => tr.docChanged);
        if (changing.length === 0 || changing.some(isRemote)) return;
        // Joined lines make one flat string; toString() builds a rope of every line, which
        // the first reader then flattens (a 1 MB copy through 20,000 pieces, per key).
        const text = update.state.doc.toJSON().join('\n');
        onLocalChange(text, editsOf(update.changes));
      }),
    ],
  });
}
