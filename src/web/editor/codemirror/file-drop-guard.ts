import { EditorView } from '@codemirror/view';

function carriesFiles(data: DataTransfer | null): boolean {
  if (!data) return false;
  if (data.files.length > 0) return true;
  return [...data.items].some((item) => item.kind === 'file') || data.types.includes('Files');
}

/**
 * Without attachments (docs/interface.md#the-note-pane), pasting or dropping a file inserts
 * nothing and sends nothing — not even the file's text, which CodeMirror would otherwise read in
 * on drop.
 */
export const fileDropGuard = EditorView.domEventHandlers({
  paste(event) {
    if (!carriesFiles(event.clipboardData)) return false;
    event.preventDefault();
    return true;
  },
  drop(event) {
    if (!carriesFiles(event.dataTransfer)) return false;
    event.preventDefault();
    return true;
  },
});
