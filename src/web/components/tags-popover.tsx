import { useEffect, useId, useRef, useState } from 'react';
import { TagIcon } from './find-icons.js';
import { TagList } from './tag-list.js';

/**
 * "Tags" beside the search on wide screens: the tag list in a popover, so a tag is one click
 * away without opening the menu. Escape, a click elsewhere or a tag chosen closes it; the focus
 * goes back to the button.
 */
export function TagsPopover() {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    panel.current?.querySelector<HTMLElement>('button')?.focus();
    const closeOutside = (event: PointerEvent) => {
      const target = event.target as Node;
      if (!panel.current?.contains(target) && !button.current?.contains(target)) setOpen(false);
    };
    document.addEventListener('pointerdown', closeOutside);
    return () => document.removeEventListener('pointerdown', closeOutside);
  }, [open]);

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };

  return (
    <div className="tags-popover">
      <button
        ref={button}
        className="tags-popover__button"
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen(!open)}
      >
        <TagIcon />
        Tags
      </button>
      {open && (
        <div
          ref={panel}
          id={panelId}
          className="tags-popover__panel"
          role="dialog"
          aria-label="Tags"
          onKeyDown={(event) => {
            if (event.key !== 'Escape') return;
            event.stopPropagation();
            close();
          }}
        >
          <TagList onChosen={close} />
        </div>
      )}
    </div>
  );
}
