import { useId } from 'react';
import type { Note, NoteId } from '../../shared/note.js';
import { shownTitle } from '../../shared/note-display.js';
import { linkTitle } from '../../shared/wiki-links.js';
import { useAppState } from '../app-context.js';
import { UnlinkedMentions } from './unlinked-mentions.js';
import { useBacklinks } from './use-backlinks.js';
import { useLinksPanelOpen } from './use-links-panel-open.js';
import { useOpenAt } from './use-open-at.js';
import './links-panel.css';

const titleOf = (note: Note) => shownTitle(note.body);

/**
 * "Linked from" under a titled note: the notes whose `[[links]]` lead to it, each with the line
 * that holds the link, and the notes that name it without a link. It folds, and stays as the
 * person left it; on a note nothing links to it is one line.
 */
export function LinksPanel({ noteId }: { noteId: NoteId }) {
  const title = useAppState((state) => {
    const note = state.notes.get(noteId);
    return note ? linkTitle(note.body) : undefined;
  });
  const backlinks = useBacklinks(noteId);
  const [open, setOpen] = useLinksPanelOpen();
  const openAt = useOpenAt();
  const bodyId = useId();
  if (title === undefined) return null;
  if (backlinks.length === 0) {
    return (
      <section className="links-panel links-panel--none" aria-label="Links to this note">
        <p className="links-panel__none">
          Linked from
          <span className="links-panel__count">0</span>
        </p>
        <UnlinkedMentions noteId={noteId} title={title} linking={backlinks} />
      </section>
    );
  }
  return (
    <section className="links-panel" aria-label="Links to this note">
      <button
        className="links-panel__toggle"
        type="button"
        aria-expanded={open}
        aria-controls={bodyId}
        onClick={() => setOpen(!open)}
      >
        <span className="links-panel__chevron" aria-hidden="true" />
        Linked from
        <span className="links-panel__count">{backlinks.length}</span>
      </button>
      {open && (
        <div className="links-panel__body" id={bodyId}>
          <ul className="links-panel__list" aria-label="Linked from">
            {backlinks.map(({ note, snippet, at }) => (
              <li key={note.id}>
                <button
                  className="links-panel__entry"
                  type="button"
                  onClick={() => openAt(note.id, at)}
                >
                  <span className="links-panel__title">{titleOf(note)}</span>
                  <span className="links-panel__snippet">{snippet}</span>
                </button>
              </li>
            ))}
          </ul>
          <UnlinkedMentions noteId={noteId} title={title} linking={backlinks} />
        </div>
      )}
    </section>
  );
}
