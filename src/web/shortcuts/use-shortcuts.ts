import { useEffect } from 'react';
import { useController } from '../app-context.js';
import { deleteWithConfirmation } from '../components/delete-with-confirmation.js';
import { focusEditor } from '../components/focus-places.js';
import { NOTES_NAV_ID } from '../components/notes-list.js';
import { SEARCH_FIELD_ID } from '../components/search-field.js';
import type { AppController } from '../controller/app-controller.js';
import { type ShortcutId, shortcutFor } from './shortcuts.js';
import { isTypingTarget } from './typing-target.js';

function focusFirst(...selectors: string[]) {
  for (const selector of selectors) {
    const element = document.querySelector<HTMLElement>(selector);
    if (element) {
      element.focus();
      return;
    }
  }
}

function actions(controller: AppController): Record<ShortcutId, () => void> {
  const selectedId = () => controller.store.getState().selectedNoteId;
  return {
    search: () => {
      const field = document.getElementById(SEARCH_FIELD_ID) as HTMLInputElement | null;
      field?.focus();
      field?.select();
    },
    quickSwitcher: () => controller.find.openDialog('quickSwitcher'),
    newNote: () => void controller.createNote(),
    todaysNote: () => void controller.starter.today(),
    deleteNote: () => {
      const id = selectedId();
      if (id !== null) void deleteWithConfirmation(controller, id);
    },
    focusList: () =>
      focusFirst('.note-link--active', `#${NOTES_NAV_ID} .note-link`, `#${NOTES_NAV_ID}`),
    focusEditor: () => {
      controller.find.togglePreview(false);
      // The next frame: the editor is shown again by the render the toggle starts.
      requestAnimationFrame(() => focusEditor());
    },
    togglePreview: () => {
      if (selectedId() !== null) controller.find.togglePreview();
    },
    showHistory: () => {
      const id = selectedId();
      if (id !== null) controller.history.open(id);
    },
    showShortcuts: () => controller.find.openDialog('shortcuts'),
  };
}

/** Listens for the shortcut table's keys while the notes screen is shown. */
export function useShortcuts() {
  const controller = useController();
  useEffect(() => {
    const run = actions(controller);
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.repeat || controller.store.getState().find.dialog) return;
      const shortcut = shortcutFor(event, isTypingTarget(event));
      if (!shortcut) return;
      event.preventDefault();
      event.stopPropagation();
      run[shortcut.id]();
    };
    // Capture, so the editor and the browser (Ctrl+P prints) do not act on these keys first.
    window.addEventListener('keydown', onKeyDown, { capture: true });
    return () => window.removeEventListener('keydown', onKeyDown, { capture: true });
  }, [controller]);
}
