import { useEffect } from 'react';
import { useAppState, useController } from '../app-context.js';
import { preloadEditor } from '../editor/note-editor.js';
import { DetailPane } from './detail-pane.js';
import { FindDialogs } from './find-dialogs.js';
import { HistoryDialog } from './history-dialog.js';
import { ImportDialog } from './import-dialog.js';
import { ListPane } from './list-pane.js';
import { SideMenu } from './side-menu.js';
import { TrashDialog } from './trash-dialog.js';
import { useNoteAddress } from './use-note-address.js';
import { readLinkNamesWhenIdle } from './use-note-links.js';
import './notes-screen.css';

/**
 * The list/detail layout (docs/interface.md#layout-by-screen-width). CSS decides what shows: at
 * min-width 680px both panes, below it the list alone, or the detail pane alone while a note is
 * selected.
 */
export function NotesScreen() {
  const noteOpen = useAppState(
    (state) => state.selectedNoteId !== null || state.missingNoteId !== null,
  );
  const listShown = useAppState((state) => state.notesLoaded || state.sortedNoteIds.length > 0);
  useNoteAddress();
  // The editor's chunk is fetched once the list shows, not while the start-up waits for it.
  useEffect(() => {
    if (listShown) preloadEditor();
  }, [listShown]);
  const controller = useController();
  const notesLoaded = useAppState((state) => state.notesLoaded);
  useEffect(
    () => (notesLoaded ? readLinkNamesWhenIdle(controller) : undefined),
    [controller, notesLoaded],
  );
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
