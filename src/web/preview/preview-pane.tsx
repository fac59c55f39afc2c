import { lazy, Suspense } from 'react';

const NotePreview = lazy(() => import('./note-preview.js'));

export interface PreviewPaneProps {
  text: string;
  /** The note's new text after a task box was ticked in the preview. */
  onChange?(text: string): void;
}

/** The preview in place of the editor; the renderer arrives as its own chunk on first use. */
export function PreviewPane({ text, onChange }: PreviewPaneProps) {
  return (
    <Suspense fallback={<p className="detail-pane__empty-hint">Rendering preview…</p>}>
      <NotePreview text={text} onChange={onChange} />
    </Suspense>
  );
}
