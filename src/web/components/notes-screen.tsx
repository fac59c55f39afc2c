import { useEffect } from 'react';
import { useAppState } from '../app-context.js';
import { preloadEditor } from '../editor/note-editor.js';
import { DetailPane } from './detail-pane.js';
import { FindDialogs } from './find-dialogs.js';
import { HistoryDialog } from './history-dialog.js';
import { ImportDialog } from './import-dialog.js';
import { ListPane } from './list-pane.js';
import { SideMenu } from './side-menu.js';
import { TrashDialog } from './trash-dialog.js';
import { useBackToList } from './use-back-to-list.js';
import './notes-screen.css';

/**
 * The list/detail layout (spec §2.3). CSS decides what shows: at min-width 680px both panes,
 * below it the list alone, or the detail pane alone while a note is selected.
 */
export function NotesScreen() {
  const noteOpen = useAppState((state) => state.selectedNoteId !== null);
  const listShown = useAppState((state) => state.notesLoaded || state.sortedNoteIds.length > 0);
  useBackToList();
  // The editor's chunk is fetched once the list shows, not while the start-up waits for it.
  useEffect(() => {
    if (listShown) preloadEditor();
  }, [listShown]);
  return (
    <div className={noteOpen ? 'notes-screen notes-screen--note-open' : 'notes-screen'}>
      <ListPane />
      <DetailPane />
      <SideMenu />
      <HistoryDialog />
      <TrashDialog />
      <FindDialogs />
      <ImportDialog />
    </div>
  );
}
