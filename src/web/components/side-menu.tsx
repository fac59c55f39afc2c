import { type KeyboardEvent, useEffect, useRef } from 'react';
import { useAppState, useController } from '../app-context.js';
import { MENU_BUTTON_ID } from './focus-places.js';
import { AccountIcon, CloseIcon, LogOutIcon, TrashIcon } from './icons.js';
import { TransferMenuEntries } from './transfer-menu-entries.js';
import './side-menu.css';
import { TagList } from './tag-list.js';

/** Unsaved text stays on this device and is saved at this account's next log-in. */
export const UNSAVED_LOGOUT_CONFIRMATION =
  'Some changes are not saved yet. They stay on this device and are saved when you log in again. Log out?';

const FOCUSABLE =
  'button:not([disabled]), a[href], input, textarea, [tabindex]:not([tabindex="-1"])';

/** Keeps Tab inside the open panel, as in any modal dialog. */
function trapTab(event: KeyboardEvent<HTMLElement>) {
  if (event.key !== 'Tab') return;
  const focusable = [...event.currentTarget.querySelectorAll<HTMLElement>(FOCUSABLE)];
  const first = focusable[0];
  const last = focusable[focusable.length - 1];
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

/** Side menu (docs/interface.md#the-side-menu): slides in from the left, id "menu", closable. */
export function SideMenu() {
  const controller = useController();
  const isOpen = useAppState((state) => state.isMenuOpen);
  const email = useAppState((state) => state.email);
  const panel = useRef<HTMLElement>(null);
  const closeButton = useRef<HTMLButtonElement>(null);
  const wasOpen = useRef(false);

  // Focus moves into the panel when it opens and back to the Menu button when it closes.
  useEffect(() => {
    if (isOpen) closeButton.current?.focus();
    else if (wasOpen.current) document.getElementById(MENU_BUTTON_ID)?.focus();
    wasOpen.current = isOpen;
  }, [isOpen]);

  // A press outside the panel closes it (the scrim is only a picture).
  useEffect(() => {
    if (!isOpen) return;
    const onPointerDown = (event: PointerEvent) => {
      const target = event.target as Node;
      const menuButton = document.getElementById(MENU_BUTTON_ID);
      if (panel.current?.contains(target) || menuButton?.contains(target)) return;
      controller.toggleMenu(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [isOpen, controller]);

  async function logOut() {
    const status = controller.store.getState().saveStatus;
    const stuck = controller.hasUnsavedEdits() && (status === 'retrying' || status === 'failed');
    if (stuck && !window.confirm(UNSAVED_LOGOUT_CONFIRMATION)) return;
    await controller.logOut();
  }

  return (
    <>
      <div
        className={isOpen ? 'menu-scrim menu-scrim--visible' : 'menu-scrim'}
        aria-hidden="true"
      />
      <aside
        ref={panel}
        id="menu"
        className={isOpen ? 'side-menu side-menu--open' : 'side-menu'}
        role="dialog"
        aria-modal={isOpen}
        aria-labelledby="menu-title"
        inert={!isOpen}
        onKeyDown={(event) => {
          if (event.key === 'Escape') controller.toggleMenu(false);
          else trapTab(event);
        }}
      >
        <header className="controls-bar side-menu__bar">
          <h2 id="menu-title" className="side-menu__title">
            Menu
          </h2>
          <button
            ref={closeButton}
            className="button side-menu__close"
            type="button"
            aria-label="Close menu"
            onClick={() => controller.toggleMenu(false)}
          >
            <CloseIcon />
          </button>
        </header>
        <div className="side-menu__body">
          {email && (
            <p className="side-menu__account">
              <span className="side-menu__account-label">Signed in as</span>
              <span className="side-menu__account-email">{email}</span>
            </p>
          )}
          <button
            className="button side-menu__entry"
            type="button"
            aria-haspopup="dialog"
            onClick={() => controller.trash.open()}
          >
            <TrashIcon />
            Trash
          </button>
          <button
            className="button side-menu__entry"
            type="button"
            onClick={() => controller.showView('account')}
          >
            <AccountIcon />
            Account
          </button>
          <TransferMenuEntries />
          <button className="button side-menu__entry" type="button" onClick={() => void logOut()}>
            <LogOutIcon />
            Log out
          </button>
          <TagList />
        </div>
      </aside>
    </>
  );
}
