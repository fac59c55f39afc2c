import { useId, useMemo, useState } from 'react';
import type { Note } from '../../shared/note.js';
import { InfoIcon } from './icons.js';
import { NoteAttachments } from './note-attachments.js';
import { formatNoteTime } from './note-time.js';
import { textCounts } from './text-counts.js';
import './info-popover.css';

/**
 * "Info" (docs/interface.md#the-note-pane): a button that opens a popover with the note's times,
 * its words and characters (and its attachments) on focus, hover or click; Escape closes it.
 * The popover describes the link, so a screen reader reads them with it.
 */
export function InfoPopover({ note }: { note: Note }) {
  const [focused, setFocused] = useState(false);
  const [dismissed, setDismissed] = useState(false);
  // Once shown (by focus or hover), the attachments' sizes are asked for.
  const [shown, setShown] = useState(false);
  const popoverId = useId();
  const open = focused && !dismissed;
  // Counted once the popover was first shown, and again as the note changes.
  const counts = useMemo(() => (shown ? textCounts(note.body) : undefined), [shown, note.body]);

  // Hovering opens it too, through CSS (.info:hover).
  return (
    <span className={open ? 'info info--open' : 'info'}>
      <button
        type="button"
        className="button"
        aria-describedby={popoverId}
        onMouseEnter={() => setShown(true)}
        onFocus={() => {
          setShown(true);
          setFocused(true);
          setDismissed(false);
        }}
        onBlur={() => setFocused(false)}
        onClick={() => {
          setFocused(true);
          setDismissed(false);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setDismissed(true);
        }}
      >
        <InfoIcon />
        <span className="button__label">Info</span>
      </button>
      <span id={popoverId} role="tooltip" className="info__popover">
        <span className="info__line">Created: {formatNoteTime(note.timeCreated)}</span>
        <span className="info__line">Modified: {formatNoteTime(note.timeLastModified)}</span>
        {counts && (
          <span className="info__line">
            {plural(counts.words, 'word')} · {plural(counts.characters, 'character')}
          </span>
        )}
        <NoteAttachments body={note.body} active={shown} />
      </span>
    </span>
  );
}

const plural = (count: number, noun: string) =>
  `${count.toLocaleString()} ${noun}${count === 1 ? '' : 's'}`;
