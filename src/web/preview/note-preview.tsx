import { useMemo } from 'react';
import { renderMarkdown } from './render-markdown.js';
import './note-preview.css';

export interface NotePreviewProps {
  text: string;
}

/** The note rendered as Markdown; a lazy chunk, loaded the first time Preview is pressed. */
export default function NotePreview({ text }: NotePreviewProps) {
  const html = useMemo(() => renderMarkdown(text), [text]);
  return (
    <article
      className="note-preview"
      aria-label="Preview"
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized by DOMPurify in renderMarkdown
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
