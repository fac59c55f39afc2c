import { useLayoutEffect, useRef } from 'react';
import { changedRange } from '../../shared/changed-range.js';
import type { HandedOverSelection, NoteEditorProps } from './note-editor-contract.js';
import './note-editor.css';

export interface PlainNoteEditorProps extends NoteEditorProps {
  /** Called as the textarea goes away, so the editor replacing it can keep the cursor. */
  onHandOver?(selection: HandedOverSelection): void;
}

/**
 * The note editor as a plain textarea, with the same contract as NoteEditor: it stands in while
 * the CodeMirror editor loads (same box, nothing moves, nothing typed is lost), and stays should
 * that fail to load.
 */
export function PlainNoteEditor(props: PlainNoteEditorProps) {
  const { value, noteId, onChange, autoFocus = false } = props;
  const textarea = useRef<HTMLTextAreaElement>(null);
  const shownNoteId = useRef<string | null>(null);
  const latest = useRef(props);

  useLayoutEffect(() => {
    latest.current = props;
  });

  useLayoutEffect(() => {
    const element = textarea.current;
    return () => {
      if (!element) return;
      const backward = element.selectionDirection === 'backward';
      const { selectionStart: start, selectionEnd: end } = element;
      latest.current.onHandOver?.({
        noteId: latest.current.noteId,
        text: element.value,
        anchor: backward ? end : start,
        head: backward ? start : end,
      });
    };
  }, []);

  useLayoutEffect(() => {
    const element = textarea.current;
    if (!element) return;
    if (shownNoteId.current !== noteId) {
      shownNoteId.current = noteId;
      element.value = value;
      element.setSelectionRange(0, 0);
      element.scrollTop = 0;
      if (autoFocus) element.focus({ preventScroll: true });
      return;
    }
    if (element.value === value) return;
    // Replace only the region that changed; 'preserve' keeps a cursor outside it in place.
    const { start, end, insert } = changedRange(element.value, value);
    element.setRangeText(insert, start, end, 'preserve');
  }, [noteId, value, autoFocus]);

  return (
    <textarea
      ref={textarea}
      className="note-editor"
      aria-label="Note text"
      placeholder="Start writing…"
      spellCheck
      lang="en"
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}
