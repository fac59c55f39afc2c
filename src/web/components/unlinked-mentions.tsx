import { useEffect, useId, useState } from 'react';
import type { NoteId } from '../../shared/note.js';
import { shownTitle } from '../../shared/note-display.js';
import { useAppState, useController } from '../app-context.js';
import type { Backlink } from '../find/note-backlinks.js';
import { firstUnlinkedMention, linkMention, type Mention } from '../find/unlinked-mention.js';
import { useOpenAt } from './use-open-at.js';

/** Found by the server's search; undefined while it looks, null when it cannot be reached. */
type Found = NoteId[] | undefined | null;

// Such a title would not survive as a link's target.
const UNLINKABLE = /[[\]|#]/;

function lineOf(text: string, { from, to }: Mention): string {
  const start = text.lastIndexOf('\n', from - 1) + 1;
  const end = text.indexOf('\n', to);
  return text.slice(start, end === -1 ? text.length : end).trim();
}

interface MentionsProps {
  noteId: NoteId;
  title: string;
  linking: Backlink[];
}

/**
 * The notes that name this one's title without linking it, found by search when opened.
 * "Link" turns the first such mention into a `[[link]]`, a change saved like typing.
 */
export function UnlinkedMentions(props: MentionsProps) {
  const [open, setOpen] = useState(false);
  const listId = useId();
  return (
    <div className="links-panel__mentions">
      <button
        className="links-panel__toggle links-panel__toggle--minor"
        type="button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen(!open)}
      >
        <span className="links-panel__chevron" aria-hidden="true" />
        Unlinked mentions
      </button>
      {/* Mounted only while open: closed, it follows no typing. */}
      {open && <MentionList id={listId} {...props} />}
    </div>
  );
}

function MentionList({ id: listId, noteId, title, linking }: MentionsProps & { id: string }) {
  const controller = useController();
  const [found, setFound] = useState<Found>(undefined);
  const notes = useAppState((state) => state.notes);
  const drafts = useAppState((state) => state.drafts);
  const openAt = useOpenAt();

  useEffect(() => {
    const request = new AbortController();
    setFound(undefined);
    void controller.find.mentionsOf(title, request.signal).then((ids) => {
      if (!request.signal.aborted) setFound(ids ?? null);
    });
    return () => request.abort();
  }, [title, controller]);

  const linked = new Set(linking.map((backlink) => backlink.note.id));
  const mentions = (found ?? []).flatMap((id) => {
    const note = notes.get(id);
    if (!note || id === noteId || linked.has(id)) return [];
    const text = drafts[id] ?? note.body;
    const mention = firstUnlinkedMention(text, title);
    return mention ? [{ id, text, mention }] : [];
  });

  function link(id: NoteId, text: string, mention: Mention) {
    const edits = [
      { at: mention.from, remove: 0, insert: '[[' },
      { at: mention.to, remove: 0, insert: ']]' },
    ];
    controller.editNote(id, linkMention(text, mention), edits);
  }

  return (
    <div id={listId}>
      {found === undefined && <p className="links-panel__empty">Looking…</p>}
      {found === null && (
        <p className="links-panel__empty">Unlinked mentions are found when Quire is online.</p>
      )}
      {found && mentions.length === 0 && (
        <p className="links-panel__empty">No other note names “{title}” without a link.</p>
      )}
      {mentions.length > 0 && (
        <ul className="links-panel__list" aria-label="Unlinked mentions">
          {mentions.map(({ id, text, mention }) => (
            <li key={id} className="links-panel__mention">
              <button
                className="links-panel__entry"
                type="button"
                onClick={() => openAt(id, mention.from)}
              >
                <span className="links-panel__title">{shownTitle(text)}</span>
                <span className="links-panel__snippet">{lineOf(text, mention)}</span>
              </button>
              {!UNLINKABLE.test(title) && (
                <button
                  className="button button--outline links-panel__link"
                  type="button"
                  title={`Make this mention a link to “${title}”`}
                  onClick={() => link(id, text, mention)}
                >
                  Link
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
