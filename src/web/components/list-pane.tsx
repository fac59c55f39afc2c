import { useAppState, useController } from '../app-context.js';
import { MENU_BUTTON_ID } from './focus-places.js';
import { MenuIcon, PlusIcon } from './icons.js';
import { ImportDropZone } from './import-drop-zone.js';
import { NewNoteMenu } from './new-note-menu.js';
import { NotesList } from './notes-list.js';
import { OfflineIndicator } from './offline-indicator.js';
import { SearchField } from './search-field.js';

/** The notes list under its bar of "Menu", "Notes" and "New" (docs/interface.md#the-notes-list). */
export function ListPane() {
  const controller = useController();
  const isMenuOpen = useAppState((state) => state.isMenuOpen);
  return (
    <section className="list-pane" aria-labelledby="notes-title">
      <header className="controls-bar">
        <button
          id={MENU_BUTTON_ID}
          className="button"
          type="button"
          aria-expanded={isMenuOpen}
          aria-controls="menu"
          onClick={() => controller.toggleMenu()}
        >
          <MenuIcon />
          Menu
        </button>
        <h1 id="notes-title" className="controls-bar__title">
          Notes
        </h1>
        <button
          className="button button--primary"
          type="button"
          onClick={() => void controller.createNote()}
        >
          <PlusIcon />
          New
        </button>
        <NewNoteMenu />
      </header>
      <OfflineIndicator place="list" />
      <SearchField />
      <ImportDropZone>
        <NotesList />
      </ImportDropZone>
    </section>
  );
}
