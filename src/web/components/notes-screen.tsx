import { useAppState } from '../app-context.js';
import { DetailPane } from './detail-pane.js';
import { ListPane } from './list-pane.js';
import { SideMenu } from './side-menu.js';
import './notes-screen.css';

/**
 * The list/detail layout (spec §2.3). CSS decides what shows: at min-width 680px both panes,
 * below it the list alone, or the detail pane alone while a note is selected.
 */
export function NotesScreen() {
  const noteOpen = useAppState((state) => state.selectedNoteId !== null);
  return (
    <div className={noteOpen ? 'notes-screen notes-screen--note-open' : 'notes-screen'}>
      <ListPane />
      <DetailPane />
      <SideMenu />
    </div>
  );
}
