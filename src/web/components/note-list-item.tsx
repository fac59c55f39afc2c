import { memo } from 'react';
import { noteDisplay, UNTITLED_NOTE_TITLE } from '../../shared/note-display.js';
import { useAppState } from '../app-context.js';
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

/** One note in the list: a "/#" link that selects without navigating (spec §2, §2.4). */
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
      {/* biome-ignore lint/a11y/useValidAnchor: the spec makes list items links to "/#" that select */}
      <a
        href="/#"
        className={active ? 'note-link note-link--active' : 'note-link'}
        aria-current={active ? 'true' : undefined}
        data-note-id={noteId}
        onClick={(event) => {
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
