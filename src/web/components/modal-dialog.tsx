import { type ReactNode, useEffect, useId, useRef } from 'react';
import { deepActiveElement, focusIsLost, focusWorkPlace } from './focus-places.js';
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
  /**
   * Where the focus goes once it is closed, instead of back where it was: true when it placed
   * the focus (the quick switcher puts it in the note it opened).
   */
  focusOnClose?(): boolean;
}

/**
 * A modal dialog on the native <dialog>: the browser traps focus, closes on Escape and makes
 * the rest of the page inert. Focus goes back where it was when it closes (into the editor's
 * shadow root too), or, when that is gone, to the open note or the list. On narrow screens it
 * fills the screen, like a panel.
 */
export function ModalDialog(props: ModalDialogProps) {
  const { title, onClose, className, actions, children } = props;
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const close = useRef(onClose);
  close.current = onClose;
  const focusOnClose = useRef(props.focusOnClose);
  focusOnClose.current = props.focusOnClose;

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    const returnTo = deepActiveElement();
    element.showModal();
    return () => {
      element.close();
      if (focusOnClose.current?.()) return;
      if (returnTo?.isConnected) returnTo.focus();
      if (focusIsLost()) focusWorkPlace();
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
