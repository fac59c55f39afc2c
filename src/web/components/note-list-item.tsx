import { memo } from 'react';
import { noteAddress } from '../../shared/note-address.js';
import { noteDisplay, UNTITLED_NOTE_TITLE } from '../../shared/note-display.js';
import { useAppState } from '../app-context.js';
import { spokenNote } from '../speech/spoken-markdown.js';
import { SnippetText } from './snippet-text.js';

interface NoteListItemProps {
  index: number;
  count: number;
  top: number;
  height: number;
  noteId: string;
  active: boolean;
  /** While searching: the text around the match, shown instead of the preview. */
  snippet?: string | undefined;
  onSelect(noteId: string): void;
}

/**
 * One note in the list (docs/interface.md#the-notes-list): a link to the note's own address,
 * which a click opens in place (a new tab with Ctrl or the middle button). It is named by the
 * title and preview in words, not the Markdown they are written in; while searching, by the
 * match around it.
 */
export const NoteListItem = memo(function NoteListItem(props: NoteListItemProps) {
  const { index, count, top, height, noteId, active, snippet, onSelect } = props;
  // The text as shown in the editor, unsaved typing included.
  const text = useAppState((state) => state.drafts[noteId] ?? state.notes.get(noteId)?.body ?? '');
  const { title, preview } = noteDisplay(text);
  return (
    <li
      className="notes-list__item"
      data-index={index}
      aria-setsize={count}
      aria-posinset={index + 1}
      style={{ height, transform: `translateY(${top}px)` }}
    >
      <a
        href={noteAddress(noteId)}
        className={active ? 'note-link note-link--active' : 'note-link'}
        aria-current={active ? 'true' : undefined}
        aria-label={snippet === undefined ? spokenNote(text) : undefined}
        data-note-id={noteId}
        onClick={(event) => {
          if (event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
          event.preventDefault();
          onSelect(noteId);
        }}
      >
        <span
          className={title ? 'note-link__title' : 'note-link__title note-link__title--untitled'}
        >
          {title ?? UNTITLED_NOTE_TITLE}
        </span>
        {snippet !== undefined ? (
          <span className="note-link__preview">
            <SnippetText snippet={snippet} />
          </span>
        ) : (
          preview && <span className="note-link__preview">{preview}</span>
        )}
      </a>
    </li>
  );
});
