import { useMemo, useState } from 'react';
import { ShareIcon } from '../icons.js';
import { ShareDialog } from './share-dialog.js';

/**
 * Opens the share links of a note ("Share" in its toolbar) or of a tag (its icon alone, beside
 * the tag the list is filtered by).
 */
export function ShareButton(props: { noteId: string } | { tag: string }) {
  const [open, setOpen] = useState(false);
  const noteId = 'noteId' in props ? props.noteId : null;
  const tag = 'tag' in props ? props.tag : null;
  const subject = useMemo(() => (noteId !== null ? { noteId } : { tag: tag ?? '' }), [noteId, tag]);
  return (
    <>
      <button
        className={tag === null ? 'button' : 'search-field__share'}
        type="button"
        aria-haspopup="dialog"
        aria-label={tag === null ? undefined : `Share #${tag}`}
        title={tag === null ? 'Share' : `Share #${tag}`}
        onClick={() => setOpen(true)}
      >
        <ShareIcon />
        {tag === null && <span className="button__label">Share</span>}
      </button>
      {open && <ShareDialog subject={subject} onClose={() => setOpen(false)} />}
    </>
  );
}
