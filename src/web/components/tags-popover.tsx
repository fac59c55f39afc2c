import { useId } from 'react';
import { TagIcon } from './find-icons.js';
import { TagList } from './tag-list.js';
import { usePopover } from './use-popover.js';

/**
 * "Tags" beside the search on wide screens: the tag list in a popover, so a tag is one click
 * away without opening the menu. Escape, a click elsewhere or a tag chosen closes it; the focus
 * goes back to the button.
 */
export function TagsPopover() {
  const { open, setOpen, button, panel } = usePopover<HTMLDivElement>('button');
  const panelId = useId();

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
