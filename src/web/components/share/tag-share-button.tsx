import { useMemo, useState } from 'react';
import { ShareIcon } from '../icons.js';
import { ShareDialog } from './share-dialog.js';

/** Beside the tag the list is filtered by: the tag's public links, to its notes as one page. */
export function TagShareButton({ tag }: { tag: string }) {
  const [open, setOpen] = useState(false);
  const subject = useMemo(() => ({ tag }), [tag]);
  return (
    <>
      <button
        className="search-field__share"
        type="button"
        aria-haspopup="dialog"
        aria-label={`Share #${tag}`}
        title={`Share #${tag}`}
        onClick={() => setOpen(true)}
      >
        <ShareIcon />
      </button>
      {open && <ShareDialog subject={subject} onClose={() => setOpen(false)} />}
    </>
  );
}
