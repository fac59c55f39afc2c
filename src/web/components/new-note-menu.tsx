import { type KeyboardEvent, useId, useMemo } from 'react';
import { useAppState, useController } from '../app-context.js';
import { templateName, templateNotes } from '../templates/template-notes.js';
import { ChevronDownIcon } from './icons.js';
import { usePopover } from './use-popover.js';
import './new-note-menu.css';

/** Up and Down move between the menu's items, as in any menu. */
function moveFocus(event: KeyboardEvent<HTMLElement>) {
  const steps: Record<string, number> = { ArrowDown: 1, ArrowUp: -1 };
  const step = steps[event.key];
  if (step === undefined) return;
  event.preventDefault();
  const items = [...event.currentTarget.querySelectorAll<HTMLElement>('[role="menuitem"]')];
  const at = items.indexOf(document.activeElement as HTMLElement);
  items[(at + step + items.length) % items.length]?.focus();
}

/**
 * The arrow beside "New": today's note, and a new note from any note tagged `#template`.
 * Escape, a click elsewhere or a choice closes it.
 */
export function NewNoteMenu() {
  const controller = useController();
  const notes = useAppState((state) => state.notes);
  const sortedNoteIds = useAppState((state) => state.sortedNoteIds);
  const { open, setOpen, button, panel: menu } = usePopover<HTMLDivElement>('[role="menuitem"]');
  const templates = useMemo(
    () => (open ? templateNotes({ notes, sortedNoteIds }) : []),
    [open, notes, sortedNoteIds],
  );
  const menuId = useId();

  const choose = (start: () => Promise<void>) => {
    setOpen(false);
    void start();
  };

  return (
    <div className="new-note-menu">
      <button
        ref={button}
        className="button button--primary new-note-menu__button"
        type="button"
        aria-label="More ways to start a note"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen(!open)}
      >
        <ChevronDownIcon />
      </button>
      {open && (
        <div
          ref={menu}
          id={menuId}
          className="new-note-menu__panel"
          role="menu"
          aria-label="Start a note"
          onKeyDown={(event) => {
            moveFocus(event);
            if (event.key !== 'Escape' && event.key !== 'Tab') return;
            if (event.key === 'Escape') event.stopPropagation();
            setOpen(false);
            button.current?.focus();
          }}
        >
          <button
            type="button"
            role="menuitem"
            className="new-note-menu__item"
            onClick={() => choose(() => controller.starter.today())}
          >
            Today’s note
          </button>
          {templates.map((template) => (
            <button
              key={template.id}
              type="button"
              role="menuitem"
              className="new-note-menu__item"
              onClick={() => choose(() => controller.starter.fromTemplate(template.id))}
            >
              From template: {templateName(template)}
            </button>
          ))}
          {templates.length === 0 && (
            <p className="new-note-menu__hint">
              Tag a note <code>#template</code> to start new notes from it.
            </p>
          )}
        </div>
      )}
    </div>
  );
}
