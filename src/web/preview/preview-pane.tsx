import { lazy, Suspense } from 'react';
import { useAppState } from '../app-context.js';
import type { LinkActions } from '../editor/codemirror/note-actions.js';

const NotePreview = lazy(() => import('./note-preview.js'));

export interface PreviewPaneProps {
  text: string;
  /** The note's new text after a task box was ticked in the preview. */
  onChange?(text: string): void;
  /** Where `[[links]]` lead. */
  links?: LinkActions;
}

/** The preview in place of the editor; the renderer arrives as its own chunk on first use. */
export function PreviewPane({ text, onChange, links }: PreviewPaneProps) {
  // Links are drawn found or missing against the notes as they are now.
  const notes = useAppState((state) => state.notes);
  return (
    <Suspense fallback={<p className="detail-pane__empty-hint">Rendering preview…</p>}>
      <NotePreview text={text} onChange={onChange} links={links} notes={notes} />
    </Suspense>
  );
}
