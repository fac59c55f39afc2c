import { useMemo, useState } from 'react';
import { ShareIcon } from '../icons.js';
import { ShareDialog } from './share-dialog.js';

/** "Share" in the note's toolbar: the note's public links. */
export function ShareButton({ noteId }: { noteId: string }) {
  const [open, setOpen] = useState(false);
  const subject = useMemo(() => ({ noteId }), [noteId]);
  return (
    <>
      <button
        className="button"
        type="button"
        aria-haspopup="dialog"
        title="Share"
        onClick={() => setOpen(true)}
      >
        <ShareIcon />
        <span className="button__label">Share</span>
      </button>
      {open && <ShareDialog subject={subject} onClose={() => setOpen(false)} />}
    </>
  );
}
