import { lazy, Suspense } from 'react';

const NotePreview = lazy(() => import('./note-preview.js'));

/** The preview in place of the editor; the renderer arrives as its own chunk on first use. */
export function PreviewPane({ text }: { text: string }) {
  return (
    <Suspense fallback={<p className="detail-pane__empty-hint">Rendering preview…</p>}>
      <NotePreview text={text} />
    </Suspense>
  );
}
