import { NOTES_NAV_ID } from './notes-list.js';

/** "Menu" above the list, where the focus goes back to when the menu closes. */
export const MENU_BUTTON_ID = 'menu-button';

/**
 * The places the keyboard is put after something it was on goes away (a dialog, a toggle, a
 * deleted note), so it is never left on the page body.
 */

/** The element that has the focus, looked for inside shadow roots (the editor lives in one). */
export function deepActiveElement(): HTMLElement | null {
  let active = document.activeElement;
  while (active?.shadowRoot?.activeElement) active = active.shadowRoot.activeElement;
  return active instanceof HTMLElement ? active : null;
}

const isShown = (element: HTMLElement) => element.checkVisibility();

/** Whether the focus is nowhere a person could type or press. */
export const focusIsLost = () => {
  const active = deepActiveElement();
  return active === null || active === document.body || !active.isConnected;
};

/** The open note's text: CodeMirror's content (in its shadow root), or the plain stand-in. */
function editorIn(root: ParentNode): HTMLElement | null {
  const host = root.querySelector('.markdown-editor');
  return (
    host?.shadowRoot?.querySelector<HTMLElement>('.cm-content') ??
    root.querySelector<HTMLElement>('textarea.note-editor')
  );
}

/** Puts the focus in the open note's editor; false when none is shown. */
export function focusEditor(root: ParentNode = document): boolean {
  const editor = editorIn(root);
  if (!editor || !isShown(editor)) return false;
  editor.focus({ preventScroll: true });
  return true;
}

/** Puts the focus on the note at `index` of the list (or the last one), else on the list. */
export function focusListItem(index = 0): boolean {
  const nav = document.getElementById(NOTES_NAV_ID);
  if (!nav || !isShown(nav)) return false;
  const links = [...nav.querySelectorAll<HTMLElement>('[data-index] a')];
  const byIndex = (at: number) =>
    links.find((link) => link.closest<HTMLElement>('[data-index]')?.dataset.index === `${at}`);
  const target =
    nav.querySelector<HTMLElement>('.note-link--active') ??
    byIndex(index) ??
    byIndex(index - 1) ??
    links[0];
  (target ?? nav).focus();
  return true;
}

/** The Menu button, when the list it heads is shown. */
export function focusMenuButton(): boolean {
  const button = document.getElementById(MENU_BUTTON_ID);
  if (!button || !isShown(button)) return false;
  button.focus();
  return true;
}

/** The editor of the open note, else the list: where work goes on. */
export const focusWorkPlace = (): boolean => focusEditor() || focusListItem();
