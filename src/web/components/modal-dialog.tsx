import { type ReactNode, useEffect, useId, useRef } from 'react';
import { CloseIcon } from './icons.js';
import './modal-dialog.css';

interface ModalDialogProps {
  title: string;
  /** Escape, the close button and a press on the backdrop all end up here. */
  onClose(): void;
  className?: string;
  /** Buttons shown in the title bar before the close button. */
  actions?: ReactNode;
  children: ReactNode;
}

/**
 * A modal dialog on the native <dialog>: the browser traps focus, closes on Escape and makes
 * the rest of the page inert. Focus goes back where it was when it closes. On narrow screens
 * it fills the screen, like a panel.
 */
export function ModalDialog({ title, onClose, className, actions, children }: ModalDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const close = useRef(onClose);
  close.current = onClose;

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const returnTo = document.activeElement as HTMLElement | null;
    element.showModal();
    return () => {
      element.close();
      if (returnTo?.isConnected) returnTo.focus();
    };
  }, []);

  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents: the backdrop press has Escape as its key
    <dialog
      ref={dialog}
      className={className ? `modal ${className}` : 'modal'}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        close.current();
      }}
      onClick={(event) => {
        // A press on the backdrop lands on the dialog element itself.
        if (event.target === event.currentTarget) close.current();
      }}
    >
      <div className="modal__frame">
        <header className="controls-bar modal__bar">
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
          {actions}
          <button
            className="button modal__close"
            type="button"
            aria-label={`Close ${title}`}
            onClick={() => close.current()}
          >
            <CloseIcon />
          </button>
        </header>
        {children}
      </div>
    </dialog>
  );
}
