import { Transaction } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import { useCallback, useLayoutEffect, useRef } from 'react';
import { changedRange } from '../../../shared/changed-range.js';
import type { SpellingSettings } from '../../../shared/spelling.js';
import type { TextEdit } from '../../../shared/text-edits.js';
import { onAttachRequest } from '../../attachments/attach-requests.js';
import type { LocalDocument } from '../../documents/local-document.js';
import type { NotePresence } from '../../documents/note-presence.js';
import type { HandedOverSelection } from '../note-editor-contract.js';
import { spellCheckerFor, stopSpellChecking } from '../spellcheck/spell-checker.js';
import { setAsideUploads, uploadFiles } from './attachment-uploads.js';
import { type LinkActions, NO_LINKS } from './note-actions.js';
import {
  boundDocument,
  boundPresence,
  createNoteState,
  documentBinding,
  documentSlot,
  presenceShown,
  presenceSlot,
  spellcheckSlot,
} from './note-state.js';
import { revealPendingPlace } from './reveal-place.js';
import { highlightSearch } from './search-highlight.js';
import { spellcheck } from './spellcheck-extension.js';
import './markdown-editor.css';

export interface MarkdownEditorProps {
  /**
   * The note's text, while no document is bound; a different text for the same note is taken
   * in place (a remote edit).
   */
  value: string;
  /** Switching notes replaces the content and starts a fresh undo history. */
  noteId: string;
  /** The note's document: once given, the editor is bound to it (docs/sync.md). */
  document?: LocalDocument;
  /** This window's presence in the note: the other windows' carets show, and it tells its own. */
  presence?: NotePresence;
  /** A change typed while no document is bound, and its edits in the text before it. */
  onChange(text: string, edits?: TextEdit[]): void;
  /** The account's spell-check language and own words; null (not known yet): no checking. */
  spelling: SpellingSettings | null;
  /** "Add to dictionary" on a marked word: keep it for the account. */
  onAddWord?(word: string): void;
  /** Take the keyboard focus whenever a note opens. */
  autoFocus?: boolean;
  /** The text and cursor of a stand-in the editor replaces as it mounts (typing there went on). */
  takeOver?(): Omit<HandedOverSelection, 'noteId'> | undefined;
  /** A `#tag` in the text was clicked (its name as compared). */
  onTagClick?(tag: string): void;
  /** The list's search, whose matches are highlighted; a note opened with one shows the first. */
  highlight?: string;
  /** Where `[[links]]` lead: the app's notes by title. */
  links?: LinkActions;
}

function spellcheckFor(spelling: SpellingSettings | null, addWord: (word: string) => void) {
  if (spelling?.language === 'off') stopSpellChecking();
  if (!spelling || spelling.language === 'off' || typeof Worker === 'undefined') return [];
  const checker = spellCheckerFor(spelling.language);
  checker.setPersonalWords(spelling.words);
  return spellcheck(checker, addWord);
}

/** The spell-check language shown: null while the settings are not known. */
const languageOf = (spelling: SpellingSettings | null) => spelling?.language ?? null;

/**
 * Shows a text that came from elsewhere in place, the cursor mapped through the one change:
 * kept out of this user's undo history and not reported as typed.
 */
function showText(view: EditorView, text: string): void {
  const { start, end, insert } = changedRange(view.state.doc.toString(), text);
  if (start === end && insert === '') return;
  view.dispatch({
    changes: { from: start, to: end, insert },
    annotations: [Transaction.remote.of(true), Transaction.addToHistory.of(false)],
  });
}

/**
 * CodeMirror 6 hosted in React: the view is created once and React never renders into it;
 * props reach it as transactions.
 */
export default function MarkdownEditor(props: MarkdownEditorProps) {
  const { noteId, value, spelling, highlight = '', document: noteDocument, presence } = props;
  const host = useRef<HTMLDivElement>(null);
  const viewRef = useRef<EditorView | null>(null);
  const latest = useRef(props);
  // What the view shows, as last exchanged with the parent, so the echo of typing is ignored.
  const shown = useRef({ noteId, text: value, language: languageOf(spelling), highlight });
  const addWord = useCallback((word: string) => latest.current.onAddWord?.(word), []);

  useLayoutEffect(() => {
    latest.current = props;
  });

  const stateFor = useCallback(
    (noteId: string, text: string, doc?: LocalDocument, presence?: NotePresence) => {
      return createNoteState(
        noteId,
        text,
        spellcheckFor(latest.current.spelling, addWord),
        (newText, edits) => {
          shown.current.text = newText;
          latest.current.onChange(newText, edits);
        },
        {
          showTag: (tag) => latest.current.onTagClick?.(tag),
          resolveLink: (target) => (latest.current.links ?? NO_LINKS).resolveLink(target),
          namesakes: (target) => (latest.current.links ?? NO_LINKS).namesakes(target),
          openNote: (id) => (latest.current.links ?? NO_LINKS).openNote(id),
          createLinkedNote: (title) => (latest.current.links ?? NO_LINKS).createLinkedNote(title),
          linkTitles: (query, limit) => (latest.current.links ?? NO_LINKS).linkTitles(query, limit),
        },
        doc,
        presence,
      );
    },
    [addWord],
  );

  useLayoutEffect(() => {
    const { noteId, value, spelling, autoFocus, takeOver, highlight = '' } = latest.current;
    // Taking over from a stand-in, start from the text its cursor points into; should the note
    // have moved on meanwhile, the effect below applies the difference in place, cursor mapped.
    // Its typing went into the document, when there is one, which the editor is bound to.
    const handed = takeOver?.();
    const doc = latest.current.document;
    const text = doc?.body ?? handed?.text ?? value;
    // In a shadow root CodeMirror's styles go into constructable style sheets; in the document
    // they would be a <style> element, which the strict CSP (style-src 'self') refuses.
    const element = host.current!;
    const root = element.shadowRoot ?? element.attachShadow({ mode: 'open' });
    const state = stateFor(noteId, text, doc, latest.current.presence);
    const view = new EditorView({ parent: root, root, state });
    viewRef.current = view;
    shown.current = { noteId, text, language: languageOf(spelling), highlight };
    doc?.release();
    if (handed && handed.anchor <= text.length && handed.head <= text.length) {
      view.dispatch({
        selection: { anchor: handed.anchor, head: handed.head },
        scrollIntoView: true,
      });
    } else {
      revealPendingPlace(view);
    }
    // A cursor the stand-in handed over is where the user is: it is not moved to a match.
    if (highlight.trim() !== '') highlightSearch(view, highlight, !handed);
    // Replacing a stand-in, the focus is taken back only if it went down with the stand-in,
    // not if the user has moved it elsewhere meanwhile.
    const focusIsFree = !document.activeElement || document.activeElement === document.body;
    if (autoFocus && (!handed || focusIsFree)) view.focus();
    const stopAttaching = onAttachRequest((files) => {
      uploadFiles(view, files, view.state.selection.main.head);
      view.focus();
    });
    return () => {
      stopAttaching();
      setAsideUploads(view.state);
      view.destroy();
      viewRef.current = null;
    };
  }, [stateFor]);

  useLayoutEffect(() => {
    const view = viewRef.current;
    const current = shown.current;
    if (!view) return;
    // A new language (or none) takes effect at once; new own words reach the checker in place.
    if (languageOf(spelling) !== current.language) {
      current.language = languageOf(spelling);
      view.dispatch({ effects: spellcheckSlot.reconfigure(spellcheckFor(spelling, addWord)) });
    } else if (spelling && spelling.language !== 'off' && typeof Worker !== 'undefined') {
      spellCheckerFor(spelling.language).setPersonalWords(spelling.words);
    }
    const doc = noteDocument;
    if (noteId !== current.noteId) {
      setAsideUploads(view.state);
      view.setState(stateFor(noteId, value, doc, presence));
      doc?.release();
      current.noteId = noteId;
      current.text = value;
      current.highlight = highlight;
      view.scrollDOM.scrollTop = 0;
      if (highlight.trim() !== '') highlightSearch(view, highlight, true);
      revealPendingPlace(view);
      if (latest.current.autoFocus) view.focus();
    } else if (doc && view.state.facet(boundDocument) !== doc) {
      // The note's document came: the text it holds is shown, and the editor is bound to it.
      showText(view, doc.body);
      view.dispatch({
        effects: [
          documentSlot.reconfigure(documentBinding(doc)),
          presenceSlot.reconfigure(presenceShown(doc, presence)),
        ],
      });
      doc.release();
    } else if (doc && view.state.facet(boundPresence) !== presence) {
      view.dispatch({ effects: presenceSlot.reconfigure(presenceShown(doc, presence)) });
    } else if (!doc && value !== current.text) {
      current.text = value;
      showText(view, value);
    }
  }, [noteId, value, spelling, addWord, stateFor, highlight, noteDocument, presence]);

  // The search changed while the note stays open: the highlights follow, the cursor stays.
  useLayoutEffect(() => {
    const view = viewRef.current;
    if (!view || highlight === shown.current.highlight) return;
    shown.current.highlight = highlight;
    highlightSearch(view, highlight, false);
  }, [highlight]);

  return <div ref={host} className="markdown-editor" />;
}
